#include <cstdio>
int main() { std::puts("vms: not yet implemented"); return 1; }
