# tests/variants/variants.mk - the variant games proven against an independent solver:
# the firmware engine's answers on every state of misère and fading marks
# (variants_export.c) line by line against tests/variants/reference.py's (pytest), and
# the reference's own answers written where a simulation proof can read them.

VARIANTS_DIR := $(BUILD)/variants
VARIANTS_EXPORT := $(HOST_DIR)/variants_export
$(VARIANTS_EXPORT): $(call host_objs,tests/variants/variants_export.c $(ENGINE_SRC) \
		$(COMMON_HOST_SRC))
	$(HOST_CC) $^ -o $@
$(call host_objs,tests/variants/variants_export.c): $(ENGINE_TABLE_HDRS)

VARIANTS_FIRMWARE := $(VARIANTS_DIR)/firmware_misere.txt $(VARIANTS_DIR)/firmware_fading.txt
$(VARIANTS_DIR)/firmware_%.txt: $(VARIANTS_EXPORT)
	@mkdir -p $(@D)
	$(VARIANTS_EXPORT) $* > $@.tmp && mv $@.tmp $@
# The reference's answers (every state: the documented move, the perfect moves, the
# outcome), for the simulation proofs of the games on the board.
VARIANTS_REFERENCE := $(VARIANTS_DIR)/reference_misere.txt $(VARIANTS_DIR)/reference_fading.txt
$(VARIANTS_REFERENCE) &: tests/variants/reference.py
	$(PYTHON) -m tests.variants.reference export $(VARIANTS_DIR)

# The reader a simulation proof links (variants_ref.c), tested on the reference's files
# against the firmware's answers.
TEST_VARIANTS_REF := $(HOST_DIR)/test_variants_ref
$(TEST_VARIANTS_REF): $(call host_objs,tests/variants/test_variants_ref.c \
		tests/variants/variants_ref.c $(ENGINE_SRC) $(COMMON_HOST_SRC))
	$(HOST_CC) $^ -lcmocka -o $@
$(call host_objs,tests/variants/test_variants_ref.c tests/variants/variants_ref.c): \
	$(ENGINE_TABLE_HDRS)

.PHONY: test-variants
test-variants: $(VARIANTS_FIRMWARE) $(VARIANTS_REFERENCE) $(TEST_VARIANTS_REF)
	VARIANTS_DIR=$(VARIANTS_DIR) timeout 600 $(PYTEST) -q tests/variants/test_variants.py
	timeout 600 $(TEST_VARIANTS_REF) $(VARIANTS_DIR)
TEST_TARGETS += test-variants
