/* outfile.c — atomic output files (see outfile.h). */
/* realpath() is XSI */
#define _XOPEN_SOURCE 700
#include "util/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/cleanup.h"
#include "util/cli.h"

int outfile_open(outfile *o, const char *path, char *err, size_t errlen) {
  char shown[200];
  struct stat st;
  *o = (outfile){0};
  cli_printable(path, 120, shown, sizeof shown);
  if (!path[0]) {
    snprintf(err, errlen, "the output file name is empty");
    return -1;
  }
  if (strlen(path) >= sizeof o->path) {
    snprintf(err, errlen, "output path '%s' is too long", shown);
    return -1;
  }
  if (strcmp(path, "-") == 0) {
    *o = (outfile){.f = stdout, .direct = true, .standard = true, .path = "standard output"};
    return 0;
  }
  snprintf(o->path, sizeof o->path, "%s", path);
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) { /* write where the link points */
    char *real = realpath(path, NULL);
    if (!real) {
      snprintf(err, errlen, "cannot write '%s': it is a symbolic link to nothing", shown);
      return -1;
    }
    int fits = strlen(real) < sizeof o->path;
    if (fits) snprintf(o->path, sizeof o->path, "%s", real);
    free(real);
    if (!fits || lstat(o->path, &st) != 0) {
      snprintf(err, errlen, "cannot write '%s': its link target is unusable", shown);
      return -1;
    }
  }
  if (lstat(o->path, &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "cannot write '%s': it is a directory", shown);
    return -1;
  }
  if (lstat(o->path, &st) == 0 && !S_ISREG(st.st_mode)) { /* a device, FIFO or socket */
    o->direct = true;
    o->f = fopen(o->path, "w");
    if (!o->f) {
      snprintf(err, errlen, "cannot write '%s': %s", shown, strerror(errno));
      return -1;
    }
    return 0;
  }
  const char *base = strrchr(o->path, '/');
  base = base ? base + 1 : o->path;
  int n = snprintf(o->tmp, sizeof o->tmp, "%s.tmp.%ld", o->path, (long)getpid());
  if (n < 0 || (size_t)n >= sizeof o->tmp || strlen(base) + (size_t)(n - (int)strlen(o->path)) > NAME_MAX) {
    snprintf(err, errlen, "output path '%s' is too long for its temporary name (PATH.tmp.PID)", shown);
    return -1;
  }
  if (cleanup_reserve(1) == 0) cleanup_push(o->tmp);
  o->f = fopen(o->tmp, "w");
  if (!o->f) {
    snprintf(err, errlen, "cannot write '%s': %s", shown, strerror(errno));
    cleanup_clear();
    return -1;
  }
  return 0;
}

int outfile_commit(outfile *o, char *err, size_t errlen) {
  char shown[200];
  int failed = ferror(o->f) || fflush(o->f) != 0;
  int saved = errno;
  if (!o->standard) failed |= fclose(o->f) != 0;
  if (!saved) saved = errno;
  o->f = NULL;
  if (!failed && !o->direct && rename(o->tmp, o->path) != 0) {
    failed = 1;
    saved = errno;
  }
  if (failed) {
    if (!o->direct) unlink(o->tmp);
    snprintf(err, errlen, "cannot write '%s': %s", cli_printable(o->path, 120, shown, sizeof shown),
             saved ? strerror(saved) : "write error");
  }
  cleanup_clear();
  return failed ? -1 : 0;
}

void outfile_abort(outfile *o) {
  if (o->f && !o->standard) fclose(o->f);
  o->f = NULL;
  if (!o->direct && o->tmp[0]) unlink(o->tmp);
  cleanup_clear();
}
