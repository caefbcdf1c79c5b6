/* xml_scan.h — the little of XML a schedule file needs: tags with attributes, read one at a
 * time from a buffer, with the line and column of each. Comments, the <?xml ...?> declaration
 * and whitespace between tags are skipped; other text, CDATA, DOCTYPE and entities other than
 * the five predefined ones are refused. Nesting is the caller's to check.
 */
#ifndef ROMNOC_XML_SCAN_H
#define ROMNOC_XML_SCAN_H

#include <stddef.h>

#define XML_MAX_ATTRS 24
#define XML_MAX_NAME 32
#define XML_MAX_VALUE 256

typedef enum { XML_OPEN, XML_EMPTY, XML_CLOSE } xml_kind; /* <a ...>, <a .../>, </a> */

typedef struct {
  xml_kind kind;
  unsigned long line, col; /* of the '<' */
  char name[XML_MAX_NAME];
  int nattr;
  char attr[XML_MAX_ATTRS][XML_MAX_NAME];
  char value[XML_MAX_ATTRS][XML_MAX_VALUE]; /* entities decoded */
} xml_tag;

typedef struct {
  const char *buf;
  size_t pos, len;
  unsigned long line, col;
} xml_scan;

/* Starts scanning buf[0..len) (not copied: it must outlive the scanner). */
void xml_scan_init(xml_scan *s, const char *buf, size_t len);

/* The next tag: 1 with *t filled, 0 at the end of the input, or -1 with "line L col C: what"
 * in err. */
int xml_next(xml_scan *s, xml_tag *t, char *err, size_t errlen);

/* The value of attribute name in t, or NULL. */
const char *xml_attr(const xml_tag *t, const char *name);

#endif
