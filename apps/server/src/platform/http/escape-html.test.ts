import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it.each([
    ['plain', 'plain'],
    ['<script>', '&lt;script&gt;'],
    [`a & "b" 'c'`, 'a &amp; &quot;b&quot; &#39;c&#39;'],
    ['&amp;', '&amp;amp;'],
  ])('%j -> %j', (raw, safe) => expect(escapeHtml(raw)).toBe(safe));
});
