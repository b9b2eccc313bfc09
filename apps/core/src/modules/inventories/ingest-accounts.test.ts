import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@fleet/contracts';
import { xsltProblem } from './ingest-accounts.js';

const NS = 'http://www.w3.org/1999/XSL/Transform';

describe('xsltProblem: which XSLT documents an ingest account may store', () => {
  it('takes a stylesheet or transform in the XSLT namespace, with any prefix', () => {
    expect(xsltProblem(`<?xml version="1.0"?><xsl:stylesheet version="1.0" xmlns:xsl="${NS}"></xsl:stylesheet>`)).toBeNull();
    expect(xsltProblem(`<!-- x --><t:transform version="1.0" xmlns:t="${NS}"/>`)).toBeNull();
  });

  it('refuses what is not XSLT', () => {
    expect(xsltProblem('<html></html>')).toBe(VALIDATION.xsltOnly);
    expect(xsltProblem('<xsl:stylesheet xmlns:xsl="http://example.com/other"/>')).toBe(VALIDATION.xsltOnly);
  });

  it('refuses external references and declarations', () => {
    expect(xsltProblem(`<!DOCTYPE x><xsl:stylesheet xmlns:xsl="${NS}"/>`)).toBe(VALIDATION.xsltNotAllowed('DOCTYPE declarations'));
    expect(xsltProblem(`<xsl:stylesheet xmlns:xsl="${NS}"><xsl:include href="a.xsl"/></xsl:stylesheet>`)).toBe(
      VALIDATION.xsltNotAllowed('xsl:include and xsl:import (external references)'),
    );
  });
});
