import { CSV_MAX_RECORD_CHARS, CsvRecords, type CsvRecord } from './csv-records';

/** Every record of a text, `pending` left out, and how many `pending` answers the scan gave. */
function records(text: string, maxFields = 5, start = 0): { found: CsvRecord[]; pending: number } {
  const scan = new CsvRecords(text, maxFields, start);
  const found: CsvRecord[] = [];
  let pending = 0;
  for (let record = scan.next(); record; record = scan.next())
    if (record.kind === 'pending') pending += 1;
    else found.push(record);
  return { found, pending };
}

describe('CsvRecords: the records of a CSV text, found without parsing them', () => {
  it('ends a record at LF or CRLF outside quotes, keeps quoted line breaks, and counts lines and values', () => {
    expect(records('a,b\r\n"c\r\nd",e\n\nf').found).toEqual([
      { kind: 'record', line: 1, text: 'a,b', fields: 2 },
      { kind: 'record', line: 2, text: '"c\r\nd",e', fields: 2 },
      { kind: 'record', line: 5, text: 'f', fields: 1 },
    ]);
    // a comma inside quotes is no value of its own; a record of blanks and commas is skipped
    expect(records('"a,b,c,d,e,f",g\n , ,\n\t\nh').found).toEqual([
      { kind: 'record', line: 1, text: '"a,b,c,d,e,f",g', fields: 2 },
      { kind: 'record', line: 4, text: 'h', fields: 1 },
    ]);
  });

  it('goes on from where an earlier scan stopped (the rows after the header)', () => {
    const text = 'h1,h2\r\nx,y\r\n';
    const header = new CsvRecords(text, 5);
    expect(header.next()).toMatchObject({ kind: 'record', text: 'h1,h2' });
    expect(records(text, 2, header.position).found).toEqual([{ kind: 'record', line: 1, text: 'x,y', fields: 2 }]);
    expect(new CsvRecords(text, 2, header.position, header.lineNow).next()).toMatchObject({ line: 2 });
  });

  it('refuses, without parsing, a record with too many values, one too long, and a quote never closed', () => {
    const commas = `${','.repeat(1_000_000)}\nok`;
    const { found, pending } = records(commas);
    expect(found).toEqual([
      { kind: 'refused', line: 1, problem: "it has more than 5 values, the header's columns" },
      { kind: 'record', line: 2, text: 'ok', fields: 1 },
    ]);
    // a megabyte-long record offers the event loop back every 64 KB scanned
    expect(pending).toBeGreaterThanOrEqual(15);
    expect(records(`${'x'.repeat(CSV_MAX_RECORD_CHARS + 1)}\nok`).found[0]).toEqual({
      kind: 'refused',
      line: 1,
      problem: `it is longer than ${CSV_MAX_RECORD_CHARS} characters`,
    });
    expect(records('a,"never closed\nb,c\nd').found).toEqual([
      { kind: 'refused', line: 1, problem: 'a quoted value is never closed' },
    ]);
    expect(records(`a,"${'x\n'.repeat(CSV_MAX_RECORD_CHARS)}`).found).toEqual([
      {
        kind: 'refused',
        line: 1,
        problem: `a quoted value runs on past ${CSV_MAX_RECORD_CHARS} characters (is a closing quote missing?)`,
      },
    ]);
  });
});
