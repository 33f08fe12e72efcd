#pragma once
#include <bad.h>
