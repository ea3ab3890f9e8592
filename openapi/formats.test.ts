// The kit's own format checks against ajv-formats' full mode, the reference they replace: the same
// answer on every string, generated near the formats' edges (fields out of range, other separators
// and offsets, leap days and seconds, every character an address may or may not hold) and on a
// fixed list of corners. ajv-formats is a devDependency for this test and support/ajv.ts only.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STRING_FORMATS } from './formats.ts';

const reference: Record<string, (text: string) => boolean> = {
  'date-time': (text) => (fullFormats['date-time'] as { validate: (text: string) => boolean }).validate(text),
  email: (text) => (fullFormats.email as RegExp).test(text),
};

/** The same answer as ajv-formats on each string; fast-check shrinks a disagreement to its smallest. */
function agrees(name: string, strings: fc.Arbitrary<string>, numRuns: number): void {
  const ours = STRING_FORMATS.get(name)!;
  fc.assert(
    fc.property(strings, (text) => ours(text) === reference[name]!(text)),
    { seed: 29, numRuns },
  );
}

/** How often a sample of `strings` passes ajv-formats: a generator that never (or always) passes proves little. */
function passRate(name: string, strings: fc.Arbitrary<string>): number {
  const sample = fc.sample(strings, { seed: 29, numRuns: 2_000 });
  return sample.filter((text) => reference[name]!(text)).length / sample.length;
}

const digit = fc.constantFrom(...'0123456789');
const digits = (minLength: number, maxLength: number) => fc.string({ unit: digit, minLength, maxLength });
/** Mostly two digits from 0 to `max` (a little past the field's range), sometimes one or three. */
const twoDigits = (max: number) => {
  const inRange = fc.integer({ min: 0, max }).map(pad);
  return fc.oneof({ arbitrary: inRange, weight: 9 }, { arbitrary: digits(1, 3), weight: 1 });
};
/** Mostly one of `usual`, sometimes one of `odd`. */
const mostly = (usual: readonly string[], odd: readonly string[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...usual), weight: 9 }, { arbitrary: fc.constantFrom(...odd), weight: 1 });

const year = fc.oneof(fc.constantFrom('2024', '2023', '2000', '1900', '0000', '9999'), digits(4, 4), digits(3, 5));
const date = fc.tuple(year, twoDigits(13), twoDigits(32)).map(([y, m, d]) => `${y}-${m}-${d}`);
const fraction = mostly(['', '.0', '.5', '.999999'], ['.', '.x', ',']);
const seconds = fc.tuple(twoDigits(61), fraction).map(([s, decimals]) => s + decimals);
const offset = fc.oneof(
  mostly(['Z', 'z'], ['', 'UTC', '+', 'Zz', '05:30', '0000', '-1']),
  fc
    .tuple(fc.constantFrom('+', '-'), twoDigits(24), mostly([':', ''], ['::', '.']), fc.option(twoDigits(60)))
    .map(([sign, hours, colon, minutes]) => `${sign}${hours}${minutes === null ? '' : colon + minutes}`),
);
const time = fc.tuple(twoDigits(24), twoDigits(60), seconds, offset).map(([h, m, s, tz]) => `${h}:${m}:${s}${tz}`);
const separator = mostly(['T', 't', ' '], ['\t', '\n', '\u00a0', '\u2028', 'x', 'TT', '', '_']);
const dateTime = fc.tuple(date, separator, time).map(([d, sep, t]) => d + sep + t);
// Times near 23:59:60 UTC from every side, where the leap-second rule and its borrow decide.
const leapSecond = fc
  .tuple(
    fc.constantFrom('2016-12-31', '2017-01-01'),
    fc.integer({ min: 0, max: 25 }),
    fc.constantFrom(0, 1, 29, 30, 58, 59, 60),
    fc.constantFrom('60', '60.5', '61', '59.9'),
    fc.constantFrom('+', '-'),
    fc.integer({ min: 0, max: 24 }),
    fc.constantFrom(0, 1, 29, 30, 59, 60),
  )
  .map(([d, h, m, s, sign, oh, om]) => `${d}T${pad(h)}:${pad(m)}:${s}${sign}${pad(oh)}:${pad(om)}`);

const ATEXT = "abcXYZ019!#$%&'*+/=?^_`{|}~-";
const addressUnit = fc.constantFrom(...ATEXT, ...'..@ "(),:;<>[]\\éß\u0130');
const label = fc.string({ unit: fc.constantFrom(...'az09-', 'A', 'é'), minLength: 0, maxLength: 6 });
const localPart = fc.string({ unit: addressUnit, minLength: 1, maxLength: 10 });
const email = fc.oneof(
  fc.emailAddress(),
  fc.string({ unit: addressUnit, maxLength: 24 }),
  fc
    .tuple(localPart, fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '.'))
    .map(([local, labels, end]) => `${local}@${labels.join('.')}${end}`),
);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

describe("the kit's string formats, against ajv-formats (full mode)", () => {
  it("implements exactly the formats the documents use beyond OpenAPI's annotations", () => {
    expect([...STRING_FORMATS.keys()].sort()).toEqual(['date-time', 'email']);
  });

  it('date-time: the same answer on generated strings near the format, and on any string', () => {
    expect(passRate('date-time', dateTime)).toBeGreaterThan(0.05);
    agrees('date-time', dateTime, 30_000);
    agrees('date-time', leapSecond, 5_000);
    agrees('date-time', fc.string({ unit: 'binary', maxLength: 30 }), 5_000);
  });

  it('email: the same answer on generated addresses, near-addresses and any string', () => {
    expect(passRate('email', email)).toBeGreaterThan(0.2);
    expect(passRate('email', email)).toBeLessThan(0.8);
    agrees('email', email, 30_000);
    agrees('email', fc.string({ unit: 'binary', maxLength: 30 }), 5_000);
  });

  it.each([
    ['date-time', '2025-06-01T12:00:00Z'],
    ['date-time', '2025-06-01t12:00:00.123456789z'],
    ['date-time', '2025-06-01 12:00:00+05:30'],
    ['date-time', '2025-06-01T12:00:00+0530'],
    ['date-time', '2025-06-01T12:00:00+05'],
    ['date-time', '2025-06-01T12:00:00'],
    ['date-time', '2025-06-01T12:00:0005:30'],
    ['date-time', '2025-06-01T12:00:00+24:00'],
    ['date-time', '2025-06-01T12:00:00+23:60'],
    ['date-time', '2024-02-29T00:00:00Z'],
    ['date-time', '2023-02-29T00:00:00Z'],
    ['date-time', '1900-02-29T00:00:00Z'],
    ['date-time', '2000-02-29T00:00:00Z'],
    ['date-time', '2025-04-31T00:00:00Z'],
    ['date-time', '2025-00-10T00:00:00Z'],
    ['date-time', '2025-13-10T00:00:00Z'],
    ['date-time', '0000-01-01T00:00:00Z'],
    ['date-time', '2016-12-31T23:59:60Z'],
    ['date-time', '2016-12-31T23:59:60.999Z'],
    ['date-time', '2016-12-31T23:59:61Z'],
    ['date-time', '2016-12-31T22:59:60Z'],
    ['date-time', '2016-12-31T22:59:60-01:00'],
    ['date-time', '2017-01-01T00:59:60+01:00'],
    ['date-time', '2017-01-01T00:29:60+00:30'],
    ['date-time', '2016-12-31T24:59:60+01:00'],
    ['date-time', '2025-06-01T24:00:00Z'],
    ['date-time', '2025-06-01T12:60:00Z'],
    ['date-time', '2025-06-01T12:00:00Z\n'],
    ['date-time', '2025-06-01\n12:00:00Z'],
    ['date-time', '2025-06-01TT12:00:00Z'],
    ['date-time', '２０２５-06-01T12:00:00Z'],
    ['date-time', ''],
    ['email', 'ops@example.com'],
    ['email', 'OPS@EXAMPLE.COM'],
    ['email', 'a@b'],
    ['email', 'a@b.c'],
    ['email', 'a.b.c@d.e'],
    ['email', '.a@b.co'],
    ['email', 'a.@b.co'],
    ['email', 'a..b@c.de'],
    ['email', 'a@-b.co'],
    ['email', 'a@b-.co'],
    ['email', 'a@b.c-'],
    ['email', 'a@b..co'],
    ['email', 'a@b.co.'],
    ['email', 'a b@c.de'],
    ['email', '"a"@b.co'],
    ['email', 'a@[127.0.0.1]'],
    ['email', 'é@b.co'],
    ['email', 'a@é.co'],
    ['email', 'a+tag@sub.b.co'],
    ['email', "!#$%&'*+/=?^_`{|}~-@x.y"],
    ['email', 'a@@b.co'],
    ['email', 'a@b.co\n'],
    ['email', ''],
  ])('%s %j: the same answer', (name, text) => {
    expect(STRING_FORMATS.get(name)!(text)).toBe(reference[name]!(text));
  });
});
