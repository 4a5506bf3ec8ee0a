/**
 * A browser's User-Agent in words, for the Perfil's sessions list: "Chrome no Windows",
 * "Safari no iPhone". Only the families people recognise; anything else is "Navegador
 * desconhecido".
 */
const NAVEGADORES: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bHeadlessChrome\//, 'Chrome'],
];

const SISTEMAS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function descreverUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Dispositivo desconhecido';
  const navegador = NAVEGADORES.find(([pattern]) => pattern.test(ua))?.[1];
  const sistema = SISTEMAS.find(([pattern]) => pattern.test(ua))?.[1];
  if (navegador && sistema) return `${navegador} no ${sistema}`;
  if (navegador) return navegador;
  if (sistema) return `Navegador desconhecido no ${sistema}`;
  return 'Navegador desconhecido';
}
