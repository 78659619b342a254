/**
 * The debug page's own style and script, inline: the page must work with no asset server,
 * offline, and when the application's routing is what failed.
 */
export const debugStyle = `
:root { --red: #b0413e; --yellow: #f5d66a; --border: #e0e0e0; --muted: #6b6b6b; }
* { box-sizing: border-box; }
body { margin: 0; background: #f9f9f9; color: #222; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
code, pre, .frame-file, .source { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
.container { max-width: 1200px; margin: 0 auto; padding: 0 24px; }
.exception-summary { background: var(--red); color: #fff; padding: 24px 0 28px; }
.exception-summary .exception-http { margin: 0; opacity: .85; }
.exception-summary h1 { margin: 4px 0 0; font-size: 22px; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
.exception-summary .exception-class { margin: 8px 0 0; font-size: 15px; opacity: .9; }
.tab-navigation { display: none; margin: 24px 0 0; border-bottom: 1px solid var(--border); }
.js .tab-navigation { display: flex; gap: 4px; }
.tab-navigation a { padding: 8px 16px; color: #333; text-decoration: none; border: 1px solid transparent; border-bottom: none; border-radius: 4px 4px 0 0; }
.tab-navigation a.active { background: #fff; border-color: var(--border); font-weight: 600; margin-bottom: -1px; }
.badge { display: inline-block; min-width: 1.6em; padding: 0 6px; border-radius: 9px; background: #ddd; color: #333; font-size: 12px; text-align: center; }
.badge.status-error { background: var(--red); color: #fff; }
.tab-panel { background: #fff; border: 1px solid var(--border); padding: 16px 24px; margin: 24px 0; }
.js .tab-panel { margin-top: 0; border-top: none; }
.js .tab-panel:not(.active), .js .tab-title { display: none; }
.exception + .exception { margin-top: 32px; padding-top: 24px; border-top: 1px solid var(--border); }
.exception-class .exception-position { color: var(--muted); font-weight: normal; }
.exception-message { font-size: 16px; white-space: pre-wrap; overflow-wrap: anywhere; }
.exception-location { color: var(--muted); }
.trace { list-style: none; padding: 0; margin: 0; }
.trace > li { border-top: 1px solid var(--border); padding: 6px 0; }
.trace ol { list-style: none; padding-left: 16px; }
summary { cursor: pointer; }
.frame-function { font-weight: 600; }
.frame-file { color: var(--muted); overflow-wrap: anywhere; }
.frame-group > details > summary { color: var(--muted); }
.trace ol.source { list-style: decimal; margin: 8px 0; padding: 8px 8px 8px 56px; background: #f6f6f6; border-radius: 4px; overflow-x: auto; }
.source li { white-space: pre; color: #555; }
.source li.selected { background: #ffe6a8; color: #000; }
.empty { color: var(--muted); }
.extra-sections { margin: 24px 0; }
.stacktrace { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 12px; }
.log-filters { display: flex; flex-wrap: wrap; gap: 16px; margin-bottom: 12px; }
.log-filters fieldset { border: 1px solid var(--border); padding: 4px 10px; }
.log-filters label { margin-right: 10px; white-space: nowrap; }
table.logs { width: 100%; border-collapse: collapse; }
table.logs th { text-align: left; border-bottom: 2px solid var(--border); padding: 6px 8px; }
table.logs td { vertical-align: top; border-bottom: 1px solid var(--border); padding: 6px 8px; }
table.logs td.log-level, table.logs td.log-channel { white-space: nowrap; }
table.logs td.log-level time { display: block; color: var(--muted); font-size: 12px; }
table.logs td.log-message { overflow-wrap: anywhere; }
table.logs pre { margin: 0; color: var(--muted); font-size: 12px; white-space: pre-wrap; }
tr.status-error td { background: #fbeaea; }
tr.status-error td.log-level strong { color: var(--red); }
tr.status-warning td { background: #fff8e1; }
`;

/**
 * Tabs (the panels are plain sections one under the other without script; the links
 * jump to them) and the Logs filter by level and channel.
 */
export const debugScript = `
(function () {
  var links = Array.prototype.slice.call(document.querySelectorAll('.tab-navigation a'));
  var panels = Array.prototype.slice.call(document.querySelectorAll('.tab-panel'));
  function show(id) {
    panels.forEach(function (panel) { panel.classList.toggle('active', panel.id === id); });
    links.forEach(function (link) { link.classList.toggle('active', link.getAttribute('href') === '#' + id); });
  }
  links.forEach(function (link) {
    link.addEventListener('click', function (event) {
      event.preventDefault();
      show(link.getAttribute('href').slice(1));
      history.replaceState(null, '', link.getAttribute('href'));
    });
  });
  var wanted = location.hash.slice(1);
  if (panels.some(function (panel) { return panel.id === wanted; })) show(wanted);

  var filters = document.querySelector('.log-filters');
  var table = document.querySelector('table.logs');
  if (!filters || !table) return;
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  var present = { level: {}, channel: {} };
  rows.forEach(function (row) { present.level[row.dataset.level] = true; present.channel[row.dataset.channel] = true; });
  var levels = filters.dataset.levels.split(',').map(function (name) { return name.toUpperCase(); })
    .filter(function (name) { return present.level[name]; });
  var channels = Object.keys(present.channel).filter(Boolean).sort();
  var byChannel = channels.length > 1;
  var shown = { level: {}, channel: {} };
  function group(title, kind, values) {
    var fieldset = document.createElement('fieldset');
    var legend = document.createElement('legend');
    legend.textContent = title;
    fieldset.appendChild(legend);
    values.forEach(function (value) {
      shown[kind][value] = true;
      var label = document.createElement('label');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = true;
      box.addEventListener('change', function () { shown[kind][value] = box.checked; apply(); });
      label.appendChild(box);
      label.appendChild(document.createTextNode(' ' + (kind === 'level' ? value.charAt(0) + value.slice(1).toLowerCase() : value)));
      fieldset.appendChild(label);
    });
    filters.appendChild(fieldset);
  }
  function apply() {
    rows.forEach(function (row) {
      row.hidden = !shown.level[row.dataset.level] || (byChannel && !shown.channel[row.dataset.channel]);
    });
  }
  group('Level', 'level', levels);
  if (byChannel) group('Channel', 'channel', channels);
  filters.hidden = false;
})();
`;
