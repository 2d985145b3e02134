/*
 * A stand-in for bcryptprimitives.dll, for running feldherr.exe under Wine 8
 * (Debian 12) only; never shipped. Rust's standard library (1.78 and later)
 * imports ProcessPrng from bcryptprimitives.dll, which Windows 10 and 11 have
 * and Wine has from version 9; Wine 8 refuses to start the program without it.
 * This ProcessPrng fills the buffer from RtlGenRandom (advapi32's
 * SystemFunction036), which Wine 8 has.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
