import type { FlattenException } from '../flatten-exception.ts';
import { displayPath, excerptOf, isProjectSource, readLines, type SourceExcerpt, type StackFrame } from '../stack-frames.ts';
import { escapeHtml } from '../../support/html-escape.ts';

/**
 * One exception of the chain: class, message, where it was created, and its frames. The
 * first frame of the application opens on its source; every other application frame can
 * be opened; runs of node_modules and Node frames fold into one closed line.
 */
export function renderExceptionBlock(flat: FlattenException, index: number, total: number, projectRoot: string): string {
  const trace = renderTrace(flat.trace, projectRoot);
  const { className, message, file, line } = flat;
  // The same missing URL asked again gives the same exception at each place of the chain:
  // its block, kept per place, is given again when all it shows is the same (the trace's
  // rendering is the same string only while it is valid, see renderTrace).
  const kept = index < lastBlocks.length ? lastBlocks[index] : undefined;
  if (kept !== undefined && kept.trace === trace && kept.total === total && kept.line === line && kept.className === className && kept.message === message && kept.file === file) return kept.html;
  const position = total > 1 ? `<span class="exception-position">${index + 1}/${total}</span> ` : '';
  const html = `<div class="exception" id="exception-${index + 1}">
<h3 class="exception-class">${position}${escapeHtml(className)}</h3>
<p class="exception-message">${escapeHtml(message)}</p>
<p class="exception-location">in <code>${escapeHtml(file)}</code> line <code>${line}</code></p>
${trace}
</div>`;
  if (index < lastBlocks.length) lastBlocks[index] = { total, className, message, file, line, trace, html };
  return html;
}

interface RenderedBlock {
  readonly total: number;
  readonly className: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly trace: string;
  readonly html: string;
}

/** The last block rendered at each of the first places of a chain (the 404's two). */
const lastBlocks: (RenderedBlock | undefined)[] = new Array<RenderedBlock | undefined>(4).fill(undefined);

// The rendered list of a trace, kept with its frames: the errors of one place share their
// frames (see stackFramesOf), so the next error page of a missing route renders the same
// list again. It is served again only for the same project root and while every file it
// shows source from reads as the same lines (readLines gives another array once a file
// changed); a list that could not read a file is not kept, as a frame's rendering is not.
interface RenderedTrace {
  readonly projectRoot: string;
  readonly html: string;
  /** The files whose source the list shows, and the lines it was made from, in order. */
  readonly files: readonly string[];
  readonly lines: readonly (readonly string[])[];
}

const renderedTraces = new WeakMap<readonly StackFrame[], RenderedTrace>();

function renderTrace(frames: readonly StackFrame[], projectRoot: string): string {
  if (frames.length === 0) return '<p class="empty">No stack trace.</p>';
  const kept = renderedTraces.get(frames);
  if (kept !== undefined && kept.projectRoot === projectRoot && sameSources(kept)) return kept.html;
  const files: string[] = [];
  const lines: (readonly string[])[] = [];
  let readable = true;
  for (const frame of frames) {
    if (frame.isVendor || frame.isInternal || !renderedFrame(frame, projectRoot).isSource) continue;
    const read = readLines(frame.absoluteFile!);
    if (read === undefined) readable = false;
    else {
      files.push(frame.absoluteFile!);
      lines.push(read);
    }
  }
  const html = renderFrames(frames, projectRoot);
  if (readable) renderedTraces.set(frames, { projectRoot, html, files, lines });
  return html;
}

function sameSources(trace: RenderedTrace): boolean {
  for (let i = 0; i < trace.files.length; i++) if (readLines(trace.files[i]!) !== trace.lines[i]) return false;
  return true;
}

function renderFrames(frames: readonly StackFrame[], projectRoot: string): string {
  const items: string[] = [];
  let folded: StackFrame[] = [];
  let opened = false;
  const flush = (): void => {
    if (folded.length > 0) items.push(renderFolded(folded, projectRoot));
    folded = [];
  };
  for (const frame of frames) {
    if (frame.isVendor || frame.isInternal) {
      folded.push(frame);
      continue;
    }
    flush();
    const item = renderAppFrame(frame, projectRoot, !opened);
    items.push(item.html);
    opened ||= item.hasSource;
  }
  flush();
  return `<ol class="trace">\n${items.join('\n')}\n</ol>`;
}

// What a frame renders as, kept with the frame (the parsed frames are shared by every
// error that passes the same line: error pages show the same frames again and again):
// its summary, whether its file may be shown, and its rendering, open and closed, made
// from the file's lines as read (an edited file is read into a new array, so its frames
// render anew).
interface RenderedFrame {
  readonly projectRoot: string;
  readonly summary: string;
  readonly isSource: boolean;
  /** The file's lines the renderings were made from. */
  lines: readonly string[] | undefined;
  /** Closed, then open; undefined until asked for. */
  readonly html: [closed: string | undefined, open: string | undefined];
  hasSource: boolean;
}

const renderedFrames = new WeakMap<StackFrame, RenderedFrame>();

function renderedFrame(frame: StackFrame, projectRoot: string): RenderedFrame {
  let rendered = renderedFrames.get(frame);
  if (rendered === undefined || rendered.projectRoot !== projectRoot) {
    const isSource = frame.absoluteFile !== undefined && frame.line >= 1 && isProjectSource(frame.absoluteFile, projectRoot);
    rendered = { projectRoot, summary: frameSummary(frame, projectRoot), isSource, lines: undefined, html: [undefined, undefined], hasSource: false };
    renderedFrames.set(frame, rendered);
  }
  return rendered;
}

function renderAppFrame(frame: StackFrame, projectRoot: string, open: boolean): { html: string; hasSource: boolean } {
  const rendered = renderedFrame(frame, projectRoot);
  if (!rendered.isSource) return { html: `<li class="frame frame-app">${rendered.summary}</li>`, hasSource: false };
  const lines = readLines(frame.absoluteFile!);
  if (lines !== rendered.lines || lines === undefined) {
    rendered.lines = lines;
    rendered.html[0] = rendered.html[1] = undefined;
  }
  const at = open ? 1 : 0;
  let html = rendered.html[at];
  if (html === undefined) {
    const excerpt = excerptOf(lines, frame.line);
    rendered.hasSource = excerpt !== undefined;
    html = excerpt === undefined ? `<li class="frame frame-app">${rendered.summary}</li>` : renderSource(excerpt, rendered.summary, open);
    // an unreadable file is asked for again next time, as before
    if (lines !== undefined) rendered.html[at] = html;
  }
  return { html, hasSource: rendered.hasSource };
}

function renderSource(excerpt: SourceExcerpt, summary: string, open: boolean): string {
  const lines = excerpt.lines
    .map((text, i) => {
      const selected = excerpt.firstLine + i === excerpt.selectedLine ? ' class="selected"' : '';
      return `<li${selected}><code>${escapeHtml(text) || ' '}</code></li>`;
    })
    .join('');
  return `<li class="frame frame-app"><details${open ? ' open' : ''}><summary>${summary}</summary><ol class="source" start="${excerpt.firstLine}">${lines}</ol></details></li>`;
}

function renderFolded(frames: readonly StackFrame[], projectRoot: string): string {
  const vendor = frames.filter((frame) => frame.isVendor).length;
  const internal = frames.length - vendor;
  const parts = [vendor > 0 ? `${vendor} in node_modules` : '', internal > 0 ? `${internal} in Node` : ''].filter(Boolean);
  const inner = frames.map((frame) => `<li class="frame ${frame.isVendor ? 'frame-vendor' : 'frame-internal'}">${renderedFrame(frame, projectRoot).summary}</li>`).join('');
  const noun = frames.length === 1 ? 'frame' : 'frames';
  return `<li class="frame-group"><details><summary>${frames.length} ${noun} (${parts.join(', ')})</summary><ol>${inner}</ol></details></li>`;
}

function frameSummary(frame: StackFrame, projectRoot: string): string {
  const file = frame.absoluteFile === undefined ? frame.file : displayPath(frame.absoluteFile, projectRoot);
  const where = frame.line === 0 ? file : `${file}:${frame.line}`;
  const name = `${frame.isAsync ? 'async ' : ''}${frame.function}`;
  const fn = name === '' ? '' : `<span class="frame-function">${escapeHtml(name)}</span> `;
  return `${fn}<span class="frame-file">${escapeHtml(where)}</span>`;
}
