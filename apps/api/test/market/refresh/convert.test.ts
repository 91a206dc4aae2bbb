/**
 * The refresh's pure parts: HUD's workbooks in their own column layout (built here with
 * write-excel-file, as HUD publishes them) turned into the market files, FRED's downloads into the
 * rate file, and the checks a refreshed file must pass.
 */
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { checkFmr, checkRates, checkSafmr, MIN_FMR_ROWS } from '../../../src/market/refresh/checks.js';
import { fmrFile, RefreshError, readRows, safmrFile } from '../../../src/market/refresh/hud.js';
import { fredObservations, mortgageFile } from '../../../src/market/refresh/rates.js';
import { fiscalYearOf, workbookFiscalYear } from '../../../src/market/refresh/run.js';
import { fmrHeader } from './hud-header.js';

const FMR_HEADER = fmrHeader(2023); // FY26's
const autauga = [
  'AL',
  '01',
  'METRO33860M33860',
  'Autauga County',
  null,
  1,
  'Montgomery, AL MSA',
  '0100199999',
  58761,
  860,
  870,
  1016,
  1304,
  1537,
];
const hartfordTown = [
  'CT',
  '09',
  'METRO25540MM3280',
  'Capitol Planning Region',
  'Hartford town',
  1,
  'Hartford-West Hartford-East Hartford, CT HMFA',
  '911037070',
  121054,
  1286,
  1477,
  1865,
  2236,
  2537,
];

async function xlsx(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const data = rows.map((r) => r.map((value) => (value === null ? null : { value })));
  return writeXlsxFile(data as never, {} as never).toBuffer();
}

describe("HUD's FMR workbook → fmr_fy<YYYY>.csv", () => {
  it('reads the county and New England town rows of an xlsx as the market files keep them', async () => {
    const bytes = await xlsx([FMR_HEADER, autauga, hartfordTown]);
    const file = fmrFile(await readRows(bytes, 'FY27_FMRs.xlsx'), 2027, 'FY27_FMRs.xlsx');
    expect(file.name).toBe('fmr_fy2027.csv');
    expect(file.rows).toEqual([
      {
        hud_area_code: '0100199999',
        state: 'AL',
        county_fips: '01001',
        fy: 2027,
        fmr_0: 860,
        fmr_1: 870,
        fmr_2: 1016,
        fmr_3: 1304,
        fmr_4: 1537,
        area_name: 'Montgomery, AL MSA',
        county_name: 'Autauga County',
        town_name: null,
        metro: 1,
        fmr_area_id: 'METRO33860M33860',
        name_vintage: 'FY2027',
      },
      expect.objectContaining({
        // HUD's fips lost its leading zero in the workbook: padded to 10 digits; a town has no county_fips
        hud_area_code: '0911037070',
        county_fips: null,
        town_name: 'Hartford town',
        fmr_2: 1865,
      }),
    ]);
  });

  it('reads the same columns from a CSV, in any order and letter case', () => {
    const rows = [
      [
        'FMR_4',
        'fmr_3',
        'FMR_2',
        'fmr_1',
        'fmr_0',
        'FIPS',
        'StUsPs',
        'hud_area_code',
        'hud_area_name',
        'countyname',
        'metro',
      ],
      [
        '1537',
        '1304',
        '1016',
        '870',
        '860',
        '0100199999',
        'AL',
        'METRO33860M33860',
        'Montgomery, AL MSA',
        'Autauga County',
        '1',
      ],
    ];
    expect(fmrFile(rows, 2027, 'fmr.csv').rows[0]).toMatchObject({
      county_fips: '01001',
      fmr_2: 1016,
      fmr_4: 1537,
    });
  });

  it('names the columns a wrong file lacks', async () => {
    const bytes = await xlsx([
      ['zip', 'rent'],
      ['78701', 1200],
    ]);
    expect(() => fmrFile([['zip', 'rent']], 2027, 'wrong.xlsx')).toThrow(RefreshError);
    await expect(readRows(bytes, 'wrong.xlsx').then((r) => fmrFile(r, 2027, 'wrong.xlsx'))).rejects.toThrow(
      /wrong\.xlsx lacks the column\(s\) fips, stusps, hud_area_code, hud_area_name, countyname, metro, fmr_0/,
    );
    await expect(readRows(Buffer.from('PK not really a zip'), 'broken.xlsx')).rejects.toThrow(
      /broken\.xlsx is not a readable xlsx workbook/,
    );
  });
});

describe("HUD's Small Area FMR workbook → safmr_fy<YYYY>.csv", () => {
  // HUD's headers break across lines and sit beside the 90 % and 110 % payment-standard columns
  const header = [
    'ZIP\nCode',
    'HUD Area Code',
    'HUD Metro Fair Market Rent Area Name',
    ...[0, 1, 2, 3, 4].flatMap((b) => [
      `SAFMR\n${b}BR`,
      `SAFMR\n${b}BR -\n90%\nPayment\nStandard`,
      `SAFMR\n${b}BR -\n110%\nPayment\nStandard`,
    ]),
  ];
  const zip = (code: string, area: string, rents: number[]) => [
    code,
    area,
    'Austin-Round Rock-San Marcos, TX MSA',
    ...rents.flatMap((r) => [r, Math.round(r * 0.9), Math.round(r * 1.1)]),
  ];

  it('keeps each ZIP once, with the SAFMR columns and not the payment standards', async () => {
    const bytes = await xlsx([
      header,
      zip('78701', 'METRO12420M12420', [2210, 2350, 2780, 3520, 4140]),
      zip('78701', 'METRO99999M99999', [1, 2, 3, 4, 5]),
      zip('1001', 'METRO44140M44140', [1000, 1100, 1300, 1600, 1900]),
    ]);
    const file = safmrFile(await readRows(bytes, 'fy2027_safmrs.xlsx'), 2027, 'fy2027_safmrs.xlsx');
    expect(file.name).toBe('safmr_fy2027.csv');
    expect(file.duplicates).toBe(1);
    expect(file.rows).toEqual([
      { zip: '78701', safmr_0: 2210, safmr_1: 2350, safmr_2: 2780, safmr_3: 3520, safmr_4: 4140 },
      { zip: '01001', safmr_0: 1000, safmr_1: 1100, safmr_2: 1300, safmr_3: 1600, safmr_4: 1900 },
    ]);
  });
});

describe("FRED's 30-year rate → mortgage_rates.csv", () => {
  it('reads the CSV download and the API answer, skipping missing weeks', () => {
    const csv = 'observation_date,MORTGAGE30US\n2026-10-08,7.19\n2026-10-15,.\n2026-10-22,7.02\n';
    expect(fredObservations(csv, 'fredgraph.csv')).toEqual([
      { date: '2026-10-08', rate_30y: 7.19 },
      { date: '2026-10-22', rate_30y: 7.02 },
    ]);
    const api = JSON.stringify({
      observations: [
        { realtime_start: '2026-11-26', realtime_end: '2026-11-26', date: '2026-10-22', value: '7.02' },
        { realtime_start: '2026-11-26', realtime_end: '2026-11-26', date: '2026-10-08', value: '7.19' },
      ],
    });
    expect(fredObservations(api, 'fred.json').map((r) => r.date)).toEqual(['2026-10-08', '2026-10-22']);
    expect(() => fredObservations('date,rate\n2026-10-08,7.19\n', 'other.csv')).toThrow(/MORTGAGE30US/);
    expect(() => fredObservations('DATE,MORTGAGE30US\n2026-10-08,719\n', 'x.csv')).toThrow(
      /not a week's rate/,
    );
  });

  it('lays the new weeks over the known ones, FRED winning a week both have', () => {
    const known = [
      { date: '1999-12-30', rate_30y: 8.1 },
      { date: '2026-10-01', rate_30y: 7.28 },
    ];
    const file = mortgageFile(known, [
      { date: '2026-10-01', rate_30y: 7.3 },
      { date: '2026-10-08', rate_30y: 7.19 },
    ]);
    expect(file.text).toBe('date,rate_30y\n2026-10-01,7.3\n2026-10-08,7.19\n');
    expect(checkRates(file.rows, known, new Date('2026-11-26')).ok).toBe(true);
    expect(checkRates(file.rows, known, new Date('2026-10-02')).problems).toEqual([
      'a week in the future (2026-10-08)',
    ]);
  });
});

describe('the checks a refreshed file must pass', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      hud_area_code: `${String(i).padStart(5, '0')}99999`,
      state: 'TX',
      county_fips: String(i).padStart(5, '0'),
      fy: 2027,
      fmr_0: 900,
      fmr_1: 1000,
      fmr_2: 1200,
      fmr_3: 1500,
      fmr_4: 1800,
      area_name: null,
      county_name: null,
      town_name: null,
      metro: 0,
      fmr_area_id: null,
      name_vintage: 'FY2027',
    }));
  const checkpoints =
    'hud_area_name,example_county_fips,fmr_area_id,bedrooms,fy2027_fmr,fy2026_fmr_in_product\n"Somewhere, TX",00007,X,2,1200,1150\n"Elsewhere, TX",00008,X,3,1600,1450\n';

  it('reproduces every published value of the year, and names each one it does not', () => {
    const result = checkFmr(rows(MIN_FMR_ROWS), 2027, checkpoints);
    expect(result.ok).toBe(false);
    expect(result.checked).toEqual(['Somewhere, TX 2 BR: FY2027 1200 ✓']);
    expect(result.problems).toEqual(['Elsewhere, TX 3 BR: FY2027 1600 published, 1500 in the file']);
    expect(checkFmr(rows(MIN_FMR_ROWS), 2027, null).ok).toBe(true);
  });

  it('refuses a file too short to be HUD’s, of another year, or with rents that fall as bedrooms rise', () => {
    expect(checkFmr(rows(10), 2027, null).problems).toEqual(["only 10 FMR rows (HUD's file has over 3000)"]);
    expect(checkFmr(rows(MIN_FMR_ROWS), 2028, null).problems).toContain(
      'rows of a fiscal year other than FY2028',
    );
    const falling = [{ ...rows(1)[0], fmr_3: 1100 }, ...rows(MIN_FMR_ROWS)] as ReturnType<typeof rows>;
    expect(checkFmr(falling, 2027, null).problems[0]).toMatch(
      /rents fall as bedrooms rise \(900\/1000\/1200\/1100\/1800\)/,
    );
    expect(
      checkSafmr([{ zip: '78701', safmr_0: 2, safmr_1: 2, safmr_2: 2, safmr_3: 2, safmr_4: 2 }]).problems,
    ).toEqual([
      "only 1 Small Area FMR ZIPs (HUD's file has over 20000)",
      'ZIP 78701: a rent outside $200–$12000 (2/2/2/2/2)',
    ]);
  });

  it('reads the fiscal year from HUD’s file names', () => {
    expect(fiscalYearOf('FY27_FMRs.xlsx')).toBe(2027);
    expect(fiscalYearOf('fy2027_safmrs.xlsx')).toBe(2027);
    expect(fiscalYearOf('FY2026_FMRs_revised.xlsx')).toBe(2026);
    expect(fiscalYearOf('rents.xlsx')).toBeNull();
  });

  it('takes a workbook’s year as given or named, and refuses one that cannot be published yet', () => {
    const today = new Date('2026-11-27T00:00:00Z');
    expect(workbookFiscalYear('FY27_FMRs.xlsx', undefined, today)).toBe(2027);
    expect(workbookFiscalYear('rents.xlsx', 2026, today)).toBe(2026);
    expect(() => workbookFiscalYear('rents.xlsx', undefined, today)).toThrow(
      /which fiscal year is rents\.xlsx/,
    );
    expect(() => workbookFiscalYear('rents.xlsx', Number.NaN, today)).toThrow(RefreshError);
    expect(() => workbookFiscalYear('rents.xlsx', 2027.5, today)).toThrow(RefreshError);
    expect(() => workbookFiscalYear('FY29_FMRs.xlsx', undefined, today)).toThrow(
      /^FY2029 is not published yet: .*FY2027 at the latest today/,
    );
  });
});
