/* global document, requestAnimationFrame, setTimeout */
// Starts the app on a page the server rendered once that page is on screen. Loaded with the page,
// the app's modules would share the connection with the stylesheet and the first images, and
// their work would hold the first paint; the markup needs neither to be read. A hidden tab
// paints no frames, so a short timer starts it there.
(() => {
  const entry = document.currentScript?.dataset.entry;
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(entry);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
})();
