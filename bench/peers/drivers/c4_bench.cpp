// Benchmark driver for Christophe Steininger's c4 (linked against src/solver).
// Reads `moves [score]` lines with 1-based columns (as in Pons' sets; c4 itself
// uses 0-based columns, converted here; `-` is the empty board) and prints
// `moves score nodes nanoseconds` per line. Strong solve; the table and the
// statistics are cleared before each position (not timed). Threads and table
// size are the compile-time settings of src/solver/settings.h.
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

int main() {
    Solver solver{};
    std::cerr << solver.get_settings_string();
    std::string line;
    for (int l = 1; std::getline(std::cin, line); l++) {
        std::istringstream words(line);
        std::string moves;
        words >> moves;
        if (moves == "-") moves.clear();
        Position pos{};
        for (char c : moves) {
            int col = c - '1';
            if (col < 0 || col >= BOARD_WIDTH || !pos.is_move_valid(col) || pos.is_game_over()) {
                std::cerr << "line " << l << ": invalid move in \"" << line << "\"" << std::endl;
                return 2;
            }
            pos.move(col);
        }
        solver.clear_state();
        auto t0 = std::chrono::steady_clock::now();
        int score = solver.solve_strong(pos);
        auto t1 = std::chrono::steady_clock::now();
        long long ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
        std::cout << (moves.empty() ? "-" : moves) << " " << score << " "
                  << solver.get_merged_stats().get_num_nodes() << " " << ns << std::endl;
    }
    return 0;
}
