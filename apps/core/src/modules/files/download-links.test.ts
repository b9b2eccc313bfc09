import { describe, expect, it } from 'vitest';
import { attachmentOf, contentTypeOf, parseRange } from './download-links.js';

describe('parseRange: the bytes a download asks for', () => {
  it('answers the whole file without a usable Range header', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
    expect(parseRange('bytes=0-10,20-30', 100)).toBeNull();
    expect(parseRange('bytes=50-10', 100)).toBeNull();
  });

  it('reads a start, a start and an end (cut at the file’s end) and a suffix', () => {
    expect(parseRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(parseRange('bytes=-300', 100)).toEqual({ start: 0, end: 99 });
  });

  it('is unsatisfiable past the end, or for an empty suffix', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });
});

describe('a download’s headers', () => {
  it('names the media type by the extension, octet-stream when unknown', () => {
    expect(contentTypeOf('clip.MP4')).toBe('video/mp4');
    expect(contentTypeOf('notes.xyz')).toBe('application/octet-stream');
  });

  it('sends the file as an attachment under its name', () => {
    expect(attachmentOf('clip.mp4')).toContain('attachment');
    expect(attachmentOf('clip.mp4')).toContain('clip.mp4');
  });
});
