/* sim/parts/m328p.h - the ATmega328P registers the board's parts read and write, as
 * data-space addresses (datasheet register summary: I/O address + 0x20), and simavr's
 * name for each port index of board/pins.h. */
#ifndef SIM_PARTS_M328P_H
#define SIM_PARTS_M328P_H

#define A_PIN(port) (0x23u + 3u * (port))
#define A_DDR(port) (0x24u + 3u * (port))
#define A_PORT(port) (0x25u + 3u * (port))
#define A_EECR 0x3fu
#define A_EEARL 0x41u
#define A_EEARH 0x42u
#define A_SMCR 0x53u
#define A_MCUSR 0x54u
#define A_WDTCSR 0x60u
#define A_TCCR2A 0xb0u
#define A_TCCR2B 0xb1u
#define A_TCNT2 0xb2u
#define A_OCR2A 0xb3u
#define A_OCR2B 0xb4u
#define A_UCSR0A 0xc0u
#define A_UCSR0B 0xc1u
#define A_UBRR0L 0xc4u
#define A_UDR0 0xc6u
#define A_UBRR0H 0xc5u
#define EECR_EERE 0x01u
#define EECR_EEPE 0x02u
#define MCUSR_PORF 0x01u
#define MCUSR_WDRF 0x08u
#define UCSR0A_U2X0 0x02u
#define UCSR0B_RXEN0 0x10u
#define WDTCSR_WDIF 0x80u
#define WDTCSR_WDE 0x08u
#define PORT_NAME(port) ((char)("BCD"[(port)]))

#endif
