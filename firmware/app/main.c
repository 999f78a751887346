/* firmware/app/main.c - the AVR entry point; the main loop is app.c's. */
#include "app.h"

int main(void)
{
    app_init();
    for (;;) {
        app_step();
    }
}
