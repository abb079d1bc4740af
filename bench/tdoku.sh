#!/usr/bin/env bash
# Builds tdoku's SIMD solver (src/solver_dpll_triad_simd.cc, BSD-2) from a checkout you give,
# with a harness of ours that prints the same JSON fields as `inkdoku bench`, and prints the
# binary's path. Never downloads tdoku, never commits it: everything goes under target/.
#
#   bench/tdoku.sh CHECKOUT NAME G++FLAGS...
#   bench/tdoku.sh ~/tdoku native -march=native             # tdoku's own build
#   bench/tdoku.sh ~/tdoku avx2 -march=native -mno-avx512f  # the same machine without AVX-512
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$1 name=$2
shift 2
[ -f "$checkout/src/solver_dpll_triad_simd.cc" ] || { echo "tdoku: no src/solver_dpll_triad_simd.cc in $checkout" >&2; exit 2; }
out=target/bench-tdoku
mkdir -p "$out"
cat > "$out/harness.cc" <<'CC'
// Times tdoku's TdokuSolverDpllTriadSimd on a file of puzzles, printing the same JSON fields as
// `inkdoku bench`: counts solutions up to 2, median of N runs.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                           char *solution, size_t *num_guesses);
int main(int argc, char **argv) {
    std::ifstream in(argv[1]);
    int runs = std::stoi(argv[2]);
    std::vector<std::string> puzzles;
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 81 || line[0] == '#') continue;
        // tdoku reads blanks as '.' only; some sets (sudoku17) write them as '0'.
        std::string p = line.substr(0, 81);
        for (auto &c : p) if (c < '1' || c > '9') c = '.';
        puzzles.push_back(p);
    }
    std::vector<double> times;
    size_t counts[3] = {0, 0, 0};
    char solution[81];
    for (int run = 0; run < runs; run++) {
        auto start = std::chrono::steady_clock::now();
        for (auto &p : puzzles) {
            size_t guesses = 0;
            size_t n = TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses);
            if (run == 0) counts[std::min<size_t>(n, 2)]++;
        }
        times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    double median = times[times.size() / 2];
    std::printf("{\"file\":\"%s\",\"puzzles\":%zu,\"runs\":%d,\"median_seconds\":%f,\"puzzles_per_second\":%.0f,\"counts\":[%zu,%zu,%zu]}\n",
                argv[1], puzzles.size(), runs, median, puzzles.size() / median, counts[0], counts[1], counts[2]);
}
CC
g++ -O3 "$@" -std=c++17 -I"$checkout/src" -o "$out/tdoku-bench-$name" "$out/harness.cc" "$checkout/src/solver_dpll_triad_simd.cc" "$checkout/src/util.cc"
echo "$out/tdoku-bench-$name"
