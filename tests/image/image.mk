# tests/image/image.mk - checks and figures over the whole firmware image and its source:
# no recursion, no indirect call and a static stack bound (check_no_recursion.py), the
# rooms' dependencies pointing only down (check_layers.py), flash per room
# (room_sizes.py) and the image's size; the source's own figures (code_figures.py:
# comment share, longest function of the whole tree). Each tool's planted cases are
# pytest tests beside it (tests/image/test_*.py).
.PHONY: test-no-recursion-firmware test-layers test-code-figures test-dispatch bench-firmware bench-code
test-no-recursion-firmware: $(FW_ELF) $(FW_SU_ELF)
	@$(PYTEST) -q tests/image/test_check_no_recursion.py
	$(PYTHON) -m tests.image.check_no_recursion --su-dir $(AVR_SU_DIR)/obj $(FW_SU_ELF)
	$(PYTHON) -m tests.image.check_no_recursion $(FW_ELF)
# The objects of the build without -flto: one per source file, so each symbol has a room.
test-layers: $(FW_SU_ELF)
	@$(PYTEST) -q tests/image/test_check_layers.py tests/image/test_room_sizes.py
	$(PYTHON) -m tests.image.check_layers $(AVR_SU_DIR)/obj
test-code-figures:
	@$(PYTEST) -q tests/image/test_code_figures.py tests/image/test_field_touches.py
# Dispatch with no silent default: a command or a menu action without its handler must
# not build (each planted in a copy of its table's header).
test-dispatch: $(TABLE_HDR)
	@tests/image/check_dispatch.sh $(HOST_CC) "$(HOST_CFLAGS)" $(BUILD)/dispatch
TEST_TARGETS += test-no-recursion-firmware test-layers test-code-figures test-dispatch
CHECK_TARGETS += test-dispatch

# Flash = .text + .data (the initialisers live in flash); static SRAM = .data + .bss.
# Per room from the build without -flto (tests/image/room_sizes.py reads its map); the
# static stack bound of the image (main plus the deepest interrupt, from its machine code).
bench-firmware: $(FW_ELF) $(FW_SU_ELF)
	@$(PYTHON) -m tests.image.room_sizes $(FW_SU_ELF:.elf=.map)
	@$(PYTHON) -m tests.image.check_no_recursion $(FW_ELF) | grep '^stack_bound_bytes '
	@$(AVR_SIZE) -A $< | awk '$$1 == ".text" { t = $$2 } $$1 == ".data" { d = $$2 } \
		$$1 == ".bss" { b = $$2 } $$1 == ".noinit" { n = $$2 } \
		END { print "firmware_flash_bytes", t + d; print "sram_static_bytes", d + b; \
		      print "sram_noinit_bytes", n + 0 }'
BENCH_TARGETS += bench-firmware
BENCH_QUICK_TARGETS += bench-firmware
BENCH_QUICK_FILES += $(FW_ELF) $(FW_SU_ELF)
bench-code:
	@$(PYTHON) -m tests.image.code_figures
	@$(PYTHON) -m tests.image.field_touches | grep -v '^#'
BENCH_TARGETS += bench-code
BENCH_QUICK_TARGETS += bench-code
