// The program of a core layer's link check (core/CMakeLists.txt): it calls nothing; linking
// every object of the layer into it against the layers below is the check.
int main() { return 0; }
