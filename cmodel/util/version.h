/* version.h — the romnoc version, printed in every generated file. */
#ifndef ROMNOC_VERSION_H
#define ROMNOC_VERSION_H
#define ROMNOC_VERSION "0.1.0"
#endif
