// The text encodings a statement file may be read in: what a layout may declare, what the uploader
// may pick, and what the detector answers. Names are the WHATWG ones TextDecoder takes.

export const TEXT_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1257',
  'iso-8859-2',
  'iso-8859-5',
  'iso-8859-15',
  'koi8-r',
  'koi8-u',
  'x-mac-cyrillic',
  'ibm866',
  'shift_jis',
  'euc-jp',
  'gb18030',
  'big5',
  'euc-kr',
] as const;

export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export const isTextEncoding = (value: unknown): value is TextEncoding =>
  typeof value === 'string' && (TEXT_ENCODINGS as readonly string[]).includes(value);

/** How an encoding is shown to the uploader: its standard name, as editors' save dialogs show it. */
export const ENCODING_NAMES: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
  'windows-1250': 'Windows-1250',
  'windows-1251': 'Windows-1251',
  'windows-1253': 'Windows-1253',
  'windows-1254': 'Windows-1254',
  'windows-1257': 'Windows-1257',
  'iso-8859-2': 'ISO-8859-2',
  'iso-8859-5': 'ISO-8859-5',
  'iso-8859-15': 'ISO-8859-15',
  'koi8-r': 'KOI8-R',
  'koi8-u': 'KOI8-U',
  'x-mac-cyrillic': 'MacCyrillic',
  ibm866: 'IBM866',
  shift_jis: 'Shift_JIS',
  'euc-jp': 'EUC-JP',
  gb18030: 'GB18030',
  big5: 'Big5',
  'euc-kr': 'EUC-KR',
};
