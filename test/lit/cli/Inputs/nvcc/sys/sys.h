#pragma once
inline int sys_value() { return 1; }
