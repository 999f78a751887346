/* hal/attributes.h - every compiler attribute the firmware keeps, one named macro each
 * (as LUFA's Common/Attributes.h). Each use says beside it why it is needed. */
#ifndef HAL_ATTRIBUTES_H
#define HAL_ATTRIBUTES_H

/* Inlined even where the optimiser would call: for the timer interrupt's cycle budget. */
#define ATTR_ALWAYS_INLINE __attribute__((always_inline))
/* Not cleared by the C runtime at reset: for state kept across resets. */
#define ATTR_NO_INIT __attribute__((section(".noinit")))
/* Run by the C runtime's start-up code in section .initN, before main(): no prologue,
 * no return (the start-up code falls through), kept although nothing calls it. */
#define ATTR_INIT_SECTION(n) __attribute__((naked, used, section(".init" #n)))

#endif
