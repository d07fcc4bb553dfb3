// Internet Explorer cannot run the app (spec §1): say so instead of a blank page. Kept out of index.html because
// the Content-Security-Policy allows no inline script (server/security-headers.ts).
if (/MSIE |Trident\//.test(navigator.userAgent)) {
  document.getElementById('root').innerHTML =
    '<p style="font-family: sans-serif; padding: 24px">Please use Chrome or Firefox instead</p>';
  alert('Please use Chrome or Firefox instead');
}
