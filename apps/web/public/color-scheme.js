// Sets the colour scheme before React starts, so a dark-mode page does not flash light.
// An external file because the Content-Security-Policy allows no inline script.
(function () {
  try {
    var mode = localStorage.getItem('lea_theme') || 'light';
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
