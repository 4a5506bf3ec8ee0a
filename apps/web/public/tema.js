/* global window, document */
// Runs before the first paint: the colour scheme the user chose last on this device (Mantine's
// localStorageColorSchemeManager keeps it under this key), so a dark page never flashes light.
try {
  var tema = window.localStorage.getItem('prumo-tema');
  document.documentElement.setAttribute(
    'data-mantine-color-scheme',
    tema === 'dark' ? 'dark' : 'light',
  );
} catch {
  // No storage (private mode): the light default.
}
