// Benchmark driver for Pascal Pons' solver (linked against its Solver.cpp).
// Reads `moves [score]` lines (1-based columns; `-` or an empty moves field is
// the empty board) and prints `moves score nodes nanoseconds` per line.
// The transposition table is reset before each position (not timed); the
// opening book is never loaded.
#include "Solver.hpp"
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

using namespace GameSolver::Connect4;

int main(int argc, char **argv) {
  bool weak = argc > 1 && std::string(argv[1]) == "-w";
  static Solver solver;  // static: its 2^24-entry table is large
  std::string line;
  for (int l = 1; std::getline(std::cin, line); l++) {
    std::istringstream words(line);
    std::string moves;
    words >> moves;
    if (moves == "-") moves.clear();
    Position P;
    if (P.play(moves) != moves.size()) {
      std::cerr << "line " << l << ": invalid move " << (P.nbMoves() + 1) << " \"" << line << "\"" << std::endl;
      return 2;
    }
    solver.reset();
    auto t0 = std::chrono::steady_clock::now();
    int score = solver.solve(P, weak);
    auto t1 = std::chrono::steady_clock::now();
    long long ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
    std::cout << (moves.empty() ? "-" : moves) << " " << score << " " << solver.getNodeCount() << " " << ns << std::endl;
  }
  return 0;
}
