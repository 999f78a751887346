/* tests/engine/empty_size_fw.c - an image with nothing in it: the C runtime's own flash, which
 * tests/engine/engine_size_fw.c's figure subtracts. */
int main(void)
{
    return 0;
}
