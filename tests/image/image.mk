# tests/image/image.mk - checks and figures over the whole firmware image and its source:
# no recursion, no indirect call and a static stack bound (check_no_recursion.py), the
# rooms' dependencies pointing only down (check_layers.py), flash per room
# (room_sizes.py) and the image's size; the C source's own figures (code_figures.py:
# comment share, longest function). Each check carries its self-test.
.PHONY: test-no-recursion-firmware test-layers test-code-figures bench-firmware bench-code
test-no-recursion-firmware: $(FW_ELF) $(FW_SU_ELF)
	python3 tests/image/check_no_recursion.py --su-dir $(AVR_SU_DIR)/obj $(FW_SU_ELF)
	python3 tests/image/check_no_recursion.py $(FW_ELF)
# The objects of the build without -flto: one per source file, so each symbol has a room.
test-layers: $(FW_SU_ELF)
	python3 tests/image/check_layers.py --self-test
	python3 tests/image/check_layers.py $(AVR_SU_DIR)/obj
test-code-figures:
	python3 tests/image/code_figures.py --self-test
TEST_TARGETS += test-no-recursion-firmware test-layers test-code-figures

# Flash = .text + .data (the initialisers live in flash); static SRAM = .data + .bss.
# Per room from the build without -flto (tests/image/room_sizes.py reads its map); the
# static stack bound of the image (main plus the deepest interrupt, from its machine code).
bench-firmware: $(FW_ELF) $(FW_SU_ELF)
	@python3 tests/image/room_sizes.py $(FW_SU_ELF:.elf=.map)
	@python3 tests/image/check_no_recursion.py $(FW_ELF) | grep '^stack_bound_bytes '
	@$(AVR_SIZE) -A $< | awk '$$1 == ".text" { t = $$2 } $$1 == ".data" { d = $$2 } \
		$$1 == ".bss" { b = $$2 } $$1 == ".noinit" { n = $$2 } \
		END { print "firmware_flash_bytes", t + d; print "sram_static_bytes", d + b; \
		      print "sram_noinit_bytes", n + 0 }'
BENCH_TARGETS += bench-firmware
bench-code:
	@python3 tests/image/code_figures.py
BENCH_TARGETS += bench-code
