#include <top.h>
int main() { return 0; }
