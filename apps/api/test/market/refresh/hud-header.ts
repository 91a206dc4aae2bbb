/**
 * The header row of HUD's county FMR workbook (FYxx_FMRs.xlsx), as published: each year's carries
 * the population column of its estimates year (`pop2023` in FY26's, `pop2024` in FY27's), which
 * the converted file does not keep.
 */
export function fmrHeader(populationYear: number): string[] {
  return [
    'stusps',
    'state',
    'hud_area_code',
    'countyname',
    'county_town_name',
    'metro',
    'hud_area_name',
    'fips',
    `pop${populationYear}`,
    'fmr_0',
    'fmr_1',
    'fmr_2',
    'fmr_3',
    'fmr_4',
  ];
}
