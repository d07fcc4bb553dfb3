// Light or dark before the first paint (issue 32: the static shell in index.html): the theme the app last used,
// kept by src/app/theme.ts. A file, not inline: the Content-Security-Policy allows no inline script.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.dataset.theme = 'dark';
} catch (_) {
  // No storage (a locked-down browser): the light shell, and the app sets the theme when it mounts.
}
