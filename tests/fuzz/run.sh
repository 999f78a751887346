#!/bin/sh
# tests/fuzz/run.sh - run one libFuzzer harness for a set time and print its figures.
# Usage: run.sh BINARY SECONDS CORPUS-DIR SEED-DIR MAX-LEN ARTIFACT-DIR
# New inputs go to CORPUS-DIR (the committed SEED-DIR is only read). A crash, a failed
# behaviour check (abort), a leak, an input slower than 10 s or a libFuzzer error fails;
# the reproducer is left in ARTIFACT-DIR. Prints "<name>_execs N" and the rate.
set -u
bin=$1 seconds=$2 corpus=$3 seeds=$4 max_len=$5 artifacts=$6
name=$(basename "$bin")
mkdir -p "$corpus" "$artifacts"
log="$artifacts/$name.log"
"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
    -print_final_stats=1 -artifact_prefix="$artifacts/$name-" "$corpus" "$seeds" >"$log" 2>&1
status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
units=$(ls "$corpus" | wc -l)
if [ "$status" -ne 0 ] || [ -z "$execs" ]; then
    tail -n 40 "$log"
    echo "$name: FAIL (status $status); log $log, reproducer in $artifacts"
    exit 1
fi
echo "${name}_execs $execs"
echo "$name: ok: $execs executions in $seconds s ($rate/s), $(ls "$seeds" | wc -l) seeds, $units new corpus inputs"
