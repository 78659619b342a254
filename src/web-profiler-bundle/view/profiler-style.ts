/** The profiler pages' stylesheet, inline: the pages must work without installed assets. */
export const profilerStyle = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#222;background:#f5f5f5}
a{color:#1f6fb2;text-decoration:none}a:hover{text-decoration:underline}
header.profiler-header{background:#222;color:#eee;padding:10px 20px;display:flex;gap:20px;align-items:baseline;flex-wrap:wrap}
header.profiler-header a{color:#9cf}
header.profiler-header h1{font-size:16px;margin:0}
.summary{background:#fff;border-bottom:1px solid #ddd;padding:12px 20px;display:flex;gap:28px;flex-wrap:wrap}
.summary .url{font-size:18px;font-weight:600;word-break:break-all}
.summary dl{margin:0;display:flex;gap:6px}.summary dt{color:#777}.summary dd{margin:0;font-weight:600}
.layout{display:flex;min-height:calc(100vh - 120px)}
nav.panels{width:200px;background:#fff;border-right:1px solid #ddd;padding:10px 0}
nav.panels a{display:flex;justify-content:space-between;padding:8px 16px;color:#333}
nav.panels a.selected{background:#e7eef6;font-weight:600;border-left:3px solid #1f6fb2}
nav.panels .count{background:#999;color:#fff;border-radius:10px;padding:0 7px;font-size:12px}
nav.panels .count.status-error{background:#b0413e}nav.panels .count.status-warning{background:#a46a1f}
main.panel{flex:1;padding:16px 24px;min-width:0}
main.panel h2{margin:0 0 12px;font-size:20px}main.panel h3{margin:22px 0 8px;font-size:16px}
table{border-collapse:collapse;width:100%;background:#fff;margin-bottom:14px}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e4e4e4}
thead th{background:#eee;font-weight:600}
table.key-value th{width:25%;font-weight:600;word-break:break-all}
pre{margin:0;white-space:pre-wrap;word-break:break-all;font:12px/1.4 Menlo,Consolas,monospace}
.empty{color:#777;font-style:italic}
.status-error{color:#b0413e}.status-warning{color:#a46a1f}.status-success{color:#3c7a3c}
.badge{display:inline-block;border-radius:3px;padding:0 6px;color:#fff;background:#777;font-size:12px}
.badge.status-error{background:#b0413e;color:#fff}.badge.status-warning{background:#a46a1f;color:#fff}.badge.status-success{background:#3c7a3c;color:#fff}
.metrics{display:flex;gap:14px;flex-wrap:wrap;margin-bottom:14px}
.metric{background:#fff;border:1px solid #ddd;padding:10px 14px;min-width:120px}
.metric .value{font-size:20px;font-weight:600;display:block}.metric .label{color:#777}
.tabs{display:flex;gap:4px;border-bottom:2px solid #ccc;margin:10px 0}
.tabs a{padding:6px 12px;background:#e4e4e4;color:#333}.tabs a.selected{background:#1f6fb2;color:#fff}
form.filters{display:flex;gap:10px;align-items:end;margin:8px 0 12px;flex-wrap:wrap}
form.filters label{display:flex;flex-direction:column;font-size:12px;color:#555}
form.filters input,form.filters select{padding:4px 6px}
tr.level-error td,tr.trace-match td{background:#fdeeee}tr.level-warning td,tr.trace-partial td{background:#fff6e5}
tr.trace-match td{background:#e9f6e9}
.timeline{position:relative;background:#fff;border:1px solid #ddd;padding:6px 0}
.timeline .row{position:relative;height:22px;margin:2px 0}
.timeline .bar{position:absolute;height:18px;top:2px;background:#1f6fb2;min-width:2px;border-radius:2px}
.timeline .row.listener .bar{background:#8cb7de;height:12px;top:5px}
.timeline .label{position:absolute;left:4px;top:2px;font-size:12px;white-space:nowrap;z-index:1;text-shadow:0 0 3px #fff}
.near-misses td.reason{color:#a46a1f}
td,th{overflow-wrap:anywhere}
@media (max-width:760px){
.layout{flex-direction:column;min-height:0}
nav.panels{width:auto;display:flex;flex-wrap:wrap;border-right:0;border-bottom:1px solid #ddd;padding:4px}
nav.panels a{padding:6px 10px;gap:6px}
nav.panels a.selected{border-left:0;border-bottom:3px solid #1f6fb2}
main.panel{padding:12px;overflow-wrap:anywhere}
.summary,header.profiler-header{overflow-wrap:anywhere}
header.profiler-header,.summary{padding:10px 12px;gap:10px}
table{display:block;overflow-x:auto}
.timeline{overflow-x:auto}
.tabs{flex-wrap:wrap}
}
`;
