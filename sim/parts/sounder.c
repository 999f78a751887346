/* sim/parts/sounder.c - the sounder part (sounder.h). */
#include "sounder.h"

#include <avr_ioport.h>
#include <avr_timer.h>
#include <sim_avr.h>
#include <sim_io.h>

#include "m328p.h"
#include "pins.h"

#ifdef BOARD_SOUND
_Static_assert(BOARD_PIN_PORT(BOARD_SOUND) == BOARD_PORT_B && BOARD_PIN_BIT(BOARD_SOUND) == 3,
               "the sounder part models OC2A, which is PB3");
#endif

#define OC2A_BIT 3u
#define COM2A(tccr2a) (((tccr2a) >> 6) & 3u) /* datasheet table 18-2 */
#define TCCR2B_FOC2A 0x80u

/* The pin as the chip drives it (datasheet 18.7: the compare unit overrides PORTB3 while
 * COM2A is set, in CTC and normal mode; DDRB3 must make it an output). */
static int pin_level(const sounder_t *s, const board_ports_t *p)
{
    if (!((p->ddr[0] >> OC2A_BIT) & 1u))
        return 0;
    if (COM2A(s->avr->data[A_TCCR2A]))
        return s->oc;
    return (p->port[0] >> OC2A_BIT) & 1;
}

static void update(sounder_t *s, unsigned which, uint8_t value, uint64_t cycle)
{
    board_ports_t p;
    parts_ports_read(s->avr, &p, which, value);
    int level = pin_level(s, &p);
    if (level == s->level)
        return;
    s->level = level;
    s->edges++;
    s->prev_edge = s->last_edge;
    s->last_edge = cycle;
    avr_raise_irq(s->irq + SOUNDER_IRQ_PIN, (uint32_t)level);
    if (s->on_edge)
        s->on_edge(cycle, level, s->on_edge_ctx);
}

/* A compare match (or FOC2A): the latch follows COM2A (toggle, clear, set). */
static void compare(sounder_t *s)
{
    unsigned com = COM2A(s->avr->data[A_TCCR2A]);
    if (com == 1)
        s->oc = !s->oc;
    else if (com >= 2)
        s->oc = com == 3;
}

/* The model's compare A match, at its tick's cycle (`when`, not the instruction's end
 * that simavr runs the timer after). */
static avr_cycle_count_t match_a(struct avr_t *avr, avr_cycle_count_t when, void *param)
{
    (void)avr;
    sounder_t *s = param;
    if (board_timer2_run(&s->t2, when) & BOARD_T2_MATCH_A) {
        compare(s);
        update(s, PARTS_PORTS_NOW, 0, when);
    }
    uint64_t next = board_timer2_next_a(&s->t2);
    return next == UINT64_MAX ? 0 : next;
}

static void schedule(sounder_t *s)
{
    uint64_t next = board_timer2_next_a(&s->t2);
    avr_cycle_timer_cancel(s->avr, match_a, s);
    if (next != UINT64_MAX)
        avr_cycle_timer_register(s->avr, next - s->avr->cycle, match_a, s);
}

void sounder_clock_stop(sounder_t *s)
{
    board_timer2_run(&s->t2, s->avr->cycle);
    avr_cycle_timer_cancel(s->avr, match_a, s);
}

void sounder_clock_run(sounder_t *s, uint64_t stopped_at)
{
    board_timer2_clock_stood(&s->t2, stopped_at, s->avr->cycle);
    schedule(s);
}

/* TCNT2 read: the model's count. */
static uint8_t tcnt_read(struct avr_t *avr, avr_io_addr_t addr, void *param)
{
    sounder_t *s = param;
    avr->data[addr] = board_timer2_tcnt(&s->t2, avr->cycle);
    return avr->data[addr];
}

static void sounder_in(struct avr_irq_t *irq, uint32_t value, void *param)
{
    sounder_t *s = param;
    uint64_t now = s->avr->cycle;
    if (irq->irq >= SOUNDER_IRQ_TCCR2A && irq->irq <= SOUNDER_IRQ_OCR2B) {
        board_timer2_write(&s->t2, irq->irq - SOUNDER_IRQ_TCCR2A, (uint8_t)value, now);
        schedule(s);
    }
    if (irq->irq == SOUNDER_IRQ_TCCR2B && (value & TCCR2B_FOC2A))
        compare(s);
    if (irq->irq < PARTS_PORT_IRQS)
        update(s, irq->irq, (uint8_t)value, now);
    else
        update(s, PARTS_PORTS_NOW, 0, now);
}

void sounder_init(struct avr_t *avr, sounder_t *s)
{
    static const char *names[SOUNDER_IRQ_COUNT] = {
        "8<sound.portb",  "8<sound.portc",  "8<sound.portd", "8<sound.ddrb",  "8<sound.ddrc",
        "8<sound.ddrd",   "8<sound.tccr2a", "8<sound.tccr2b", "8<sound.tcnt2", "8<sound.ocr2a",
        "8<sound.ocr2b",  ">sound.pin"};
    *s = (sounder_t){.avr = avr};
    s->irq = avr_alloc_irq(&avr->irq_pool, 0, SOUNDER_IRQ_COUNT, names);
    for (unsigned i = 0; i < SOUNDER_IRQ_PIN; i++)
        avr_irq_register_notify(s->irq + i, sounder_in, s);
}

static avr_irq_t *compa_irq(sounder_t *s)
{
    return avr_io_getirq(s->avr, AVR_IOCTL_TIMER_GETIRQ('2'), TIMER_IRQ_OUT_COMP + AVR_TIMER_COMPA);
}

void sounder_connect(sounder_t *s)
{
    static const struct {
        uint16_t addr;
        const char *name;
    } regs[] = {{A_TCCR2A, "TCCR2A"}, {A_TCCR2B, "TCCR2B"}, {A_TCNT2, "TCNT2"},
                {A_OCR2A, "OCR2A"},   {A_OCR2B, "OCR2B"}};
    parts_ports_connect(s->avr, s->irq + SOUNDER_IRQ_PORTS, 1u); /* port B */
    for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
        avr_connect_irq(avr_iomem_getirq(s->avr, regs[i].addr, regs[i].name, AVR_IOMEM_IRQ_ALL),
                        s->irq + SOUNDER_IRQ_TCCR2A + i);
    unsigned tcnt = AVR_DATA_TO_IO(A_TCNT2);
    s->avr->io[tcnt].r.c = tcnt_read;
    s->avr->io[tcnt].r.param = s;
    sounder_reset(s);
}

/* simavr's timer links its compare output to PB3 at every reset: unlink it, so a match
 * no longer writes PORTB (TTT_SIM_SIMAVR_OC2A keeps it, for the test of that gap). */
void sounder_reset(sounder_t *s)
{
    avr_irq_t *pb3 = avr_io_getirq(s->avr, AVR_IOCTL_IOPORT_GETIRQ('B'), OC2A_BIT);
    if (!s->simavr_link)
        avr_unconnect_irq(compa_irq(s), pb3);
    s->oc = 0;
    board_timer2_reset(&s->t2, s->avr->cycle);
    avr_cycle_timer_cancel(s->avr, match_a, s);
    update(s, PARTS_PORTS_NOW, 0, s->avr->cycle);
}
