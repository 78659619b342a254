import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Llhttp, llhttpUnavailable } from '../test-support/llhttp.ts';
import { SluiceParser } from '../test-support/sluice-parser.ts';
import { compareOutcomes } from '../test-support/differential.ts';
import { trickyRequests } from '../test-support/tricky-requests.ts';

/** `bytes` in one read, cut in the middle, and one byte per read. */
function splits(bytes: Buffer): Buffer[][] {
  const middle = bytes.length >> 1;
  return [[bytes], [bytes.subarray(0, middle), bytes.subarray(middle)], [...bytes].map((octet) => Buffer.from([octet]))];
}

describe('On a corpus of tricky requests, the Sluice server never takes what llhttp refuses, nor frames anything differently', { skip: llhttpUnavailable }, () => {
  const llhttp = llhttpUnavailable === undefined ? new Llhttp() : undefined;
  const sluice = new SluiceParser();
  for (const { name, bytes: text } of trickyRequests) {
    test(name, async () => {
      const bytes = Buffer.from(text, 'latin1');
      for (const chunks of splits(bytes)) {
        const verdict = compareOutcomes(await sluice.parse(chunks), llhttp!.parse(chunks), bytes);
        assert.equal(verdict.disagreement, undefined, `in ${chunks.length} read(s)`);
      }
    });
  }
});

// What the differential fuzzing found where ours refused what llhttp takes, each now taken.
describe('The Sluice server reads as llhttp does', () => {
  const sluice = new SluiceParser();
  const read = async (text: string) => sluice.parse([Buffer.from(text, 'latin1')]);
  const next = 'GET /next HTTP/1.1\r\nHost: h\r\n\r\n';

  test('several spaces between the parts of the request line', async () => {
    const outcome = await read(`GET  /a  HTTP/1.1\r\nHost: h\r\n\r\n${next}`);
    assert.deepEqual(outcome.messages.map((message) => message.url), ['/a', '/next']);
  });

  test('stray CRs and LFs before a request line, not only empty lines', async () => {
    const outcome = await read(`\r\n\rGET /a HTTP/1.1\r\nHost: h\r\n\r\n\n${next}`);
    assert.deepEqual(outcome.messages.map((message) => message.url), ['/a', '/next']);
    assert.equal(outcome.refused, undefined);
  });

  test('chunk extensions with obs-text quoted, empty values, unnamed or empty ones', async () => {
    const outcome = await read(`POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3;a="\xe9";b=;;=c\r\nabc\r\n0\r\n\r\n${next}`);
    assert.deepEqual(outcome.messages.map((message) => message.body.toString()), ['abc', '']);
  });

  test('but a tab after Content-Length or Transfer-Encoding is refused, as llhttp refuses it', async () => {
    assert.equal((await read('POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\t\r\n\r\nabc')).refused, 400);
    assert.equal((await read('POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\t\r\n\r\n0\r\n\r\n')).refused, 400);
  });
});
