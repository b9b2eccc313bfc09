/**
 * What text an expression of the core's code can be, read with the type checker (scripts/call-errors.ts's
 * scan of the field rules each call refuses with): literals and unions of them, constants, contracts'
 * parameterised VALIDATION messages (`{n}` a number, `{…}` a text), what a called function returns or a
 * property of it, a parameter's placeholder (its callers say what it is), `#` a number, else `*`.
 */
import ts from 'typescript';
import { VALIDATION } from '@fleet/contracts';

export interface TextReaderDeps {
  readonly checker: ts.TypeChecker;
  /** A symbol, through an import's alias. */
  readonly aliased: (s: ts.Symbol) => ts.Symbol;
  /** The bodies a reference can run (scripts/call-errors.ts). */
  readonly bodiesOf: (sym: ts.Symbol) => ts.Node[];
  /** A parameter's placeholder (`i`, and the property of it read). */
  readonly param: (i: number, property?: string) => string;
}

export function textReader({ checker, aliased, bodiesOf, param }: TextReaderDeps) {
  /** What the functions a call can reach return (their `return` expressions, an arrow's body), `null` and `undefined` left out. */
  const returnsOf = (call: ts.CallExpression): ts.Expression[] => {
    const sym = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression);
    const out: ts.Expression[] = [];
    // Any package's function (a rule of packages/domain or contracts returns the message).
    const declared = (sym ? (aliased(sym).declarations ?? []) : []).map((d) =>
      ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)) ? d.initializer : d,
    );
    for (const body of [...declared, ...(sym ? bodiesOf(sym) : [])]) {
      if (!ts.isFunctionLike(body)) continue;
      const block = (body as ts.FunctionLikeDeclaration).body;
      if (block && !ts.isBlock(block)) out.push(block);
      const visit = (n: ts.Node): void => {
        if (ts.isFunctionLike(n)) return;
        if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
        ts.forEachChild(n, visit);
      };
      if (block && ts.isBlock(block)) ts.forEachChild(block, visit);
    }
    return out.filter((x) => x.kind !== ts.SyntaxKind.NullKeyword && !(ts.isIdentifier(x) && x.text === 'undefined'));
  };
  const following = new Set<ts.Node>();
  /** The texts a property of what `e` is can be (`problem.message` of `const problem = check(…)`), by what the call returns. */
  function propertyTextsOf(e: ts.Expression, name: string): string[] | null {
    if (ts.isIdentifier(e)) {
      const decl = checker.getSymbolAtLocation(e)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return propertyTextsOf(decl.initializer, name);
      // A property of a parameter: its callers say what it is.
      const fn = decl && ts.isParameter(decl) ? decl.parent : undefined;
      if (fn && !((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isCallExpression(fn.parent)))
        return [param(fn.parameters.indexOf(decl as ts.ParameterDeclaration), name)];
      return null;
    }
    if (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e)) return propertyTextsOf(e.expression, name);
    if (ts.isObjectLiteralExpression(e)) {
      const p = e.properties.find((q) => q.name && ts.isIdentifier(q.name) && q.name.text === name);
      if (p && ts.isPropertyAssignment(p)) return textsOf(p.initializer);
      // Another shape of a union (`{ kind: 'error', code }` beside `{ kind: 'field', message }`): nothing of this property.
      return p ? null : [];
    }
    if (ts.isCallExpression(e) && !following.has(e)) {
      following.add(e);
      try {
        const all = returnsOf(e).map((r) => propertyTextsOf(r, name));
        return all.length > 0 && all.every((x) => x !== null) ? all.flat() : null;
      } finally {
        following.delete(e);
      }
    }
    return null;
  }
  /**
   * A parameterised message of contracts' VALIDATION (`VALIDATION.minValue(n)`, `VALIDATION.xsltNotAllowed(what)`):
   * its words, each number argument `{n}` and each text argument `{…}` (by the argument's type).
   */
  const SENTINELS = [918273, 564738];
  function validationTemplate(e: ts.CallExpression): string | null {
    if (!ts.isPropertyAccessExpression(e.expression) || !ts.isIdentifier(e.expression.expression) || e.expression.expression.text !== 'VALIDATION') return null;
    const fn = (VALIDATION as Record<string, unknown>)[e.expression.name.text];
    if (typeof fn !== 'function') return null;
    const texts = SENTINELS.map((_, i) => {
      const arg = e.arguments[i];
      return arg !== undefined && (checker.getTypeAtLocation(arg).flags & ts.TypeFlags.StringLike) !== 0;
    });
    const args = SENTINELS.map((s, i) => (texts[i] ? `\u0001${s}\u0001` : s));
    return args.reduce((text: string, a, i) => text.replace(String(a), texts[i] ? '{…}' : '{n}'), (fn as (...a: (number | string)[]) => string)(...args));
  }

  /** The texts an expression can be: literals, a union of them, `#` for a number (an item index), a parameter's placeholder, else `*`. */
  function textsOf(e: ts.Expression): string[] {
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) || ts.isAwaitExpression(e)) return textsOf(e.expression);
    // No text at all (a check that found nothing wrong).
    if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined')) return [];
    if (ts.isCallExpression(e)) {
      const template = validationTemplate(e);
      if (template !== null) return [template];
    }
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isConditionalExpression(e)) return [...textsOf(e.whenTrue), ...textsOf(e.whenFalse)];
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) return textsOf(e.left).flatMap((a) => textsOf(e.right).map((b) => a + b));
    if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken))
      return [...textsOf(e.left), ...textsOf(e.right)];
    if (ts.isTemplateExpression(e)) {
      let out = [e.head.text];
      for (const span of e.templateSpans) {
        const parts = textsOf(span.expression);
        out = out.flatMap((a) => parts.map((b) => a + b + span.literal.text));
      }
      return out;
    }
    const type = checker.getTypeAtLocation(e);
    const parts = type.isUnion() ? type.types : [type];
    if (parts.every((t) => t.isStringLiteral())) return parts.map((t) => (t as ts.StringLiteralType).value);
    if (parts.every((t) => t.isNumberLiteral() || (t.flags & ts.TypeFlags.NumberLike) !== 0)) return ['#'];
    // What a called function returns, or a property of it.
    if (ts.isCallExpression(e) && !following.has(e)) {
      following.add(e);
      try {
        const returned = returnsOf(e);
        if (returned.length > 0) {
          const texts = returned.flatMap(textsOf);
          if (!texts.includes('*')) return texts;
        }
      } finally {
        following.delete(e);
      }
    }
    if (ts.isPropertyAccessExpression(e)) {
      const texts = propertyTextsOf(e.expression, e.name.text);
      if (texts !== null && !texts.includes('*')) return texts;
    }
    if (ts.isIdentifier(e)) {
      const sym =
        ts.isShorthandPropertyAssignment(e.parent) && e.parent.name === e
          ? checker.getShorthandAssignmentValueSymbol(e.parent)
          : checker.getSymbolAtLocation(e);
      const decl = sym?.valueDeclaration;
      // A constant: what it was set to.
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) return textsOf(decl.initializer);
      // A parameter of a function called by name (not a callback's), around this one: its callers say what it is.
      const fn = decl && ts.isParameter(decl) ? decl.parent : undefined;
      const callback = fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isCallExpression(fn.parent);
      let around = false;
      for (let p: ts.Node | undefined = e.parent; p && !around; p = p.parent) around = p === fn;
      if (fn && !callback && around) return [param(fn.parameters.indexOf(decl as ts.ParameterDeclaration))];
    }
    return ['*'];
  }
  return { textsOf, propertyTextsOf };
}
