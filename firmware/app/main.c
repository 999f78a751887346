/* firmware/app/main.c - the AVR entry point; the main loop is app.c's. */
#include "app.h"

/* It never returns: nothing to save (avr-gcc 5.4 does not always infer it). */
int main(void) __attribute__((OS_main));

int main(void)
{
    app_init();
    for (;;) {
        app_step();
    }
}
