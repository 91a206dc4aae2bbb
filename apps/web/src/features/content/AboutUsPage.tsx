/**
 * /aboutus (product spec §2): what SFR Analyst is, how it works and where its numbers come from,
 * with the four features the spec names (rental rates, crime data, rental calculator, ratings).
 * The facts here follow underwriting-model.md and the market data's SOURCES.md.
 */
import { FREE_SEARCHES_AT_SIGNUP } from '@sfr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { currentUserQuery } from '../account/session';
import '../../ui/page.css';
import './content-pages.css';
import { RATING_MAX_POINTS, ratingColoursText, ratingWeightsText } from './rating-text';

interface Feature {
  title: string;
  body: string;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Real-time rental rates',
    body:
      'Rents are looked up the moment you analyze an address. You see two figures side by side: the HUD rent, ' +
      "HUD's Fair Market Rent for the bedroom count (the ZIP code's Small Area FMR where HUD uses them, the " +
      "county's FMR elsewhere), which is roughly what a Section 8 voucher covers; and a market rent, what a " +
      'landlord can ask for the same bedrooms, with its range. Where the voucher pays more than the market, ' +
      'the results call it a Section 8 opportunity. The market rent times the number of units becomes the ' +
      'starting monthly rent (the HUD rent when there is no market figure), and you can overwrite it.',
  },
  {
    title: 'Crime data',
    body:
      'Every address gets a violent crime grade and a property crime grade from A+ (least crime) to F, for ' +
      'the city you typed where it reports its own rate, for the county outside its graded cities elsewhere, ' +
      "and for each New York City borough from the state's borough figures. A city without a rate of its " +
      'own is graded no better than B+ from its county: a quarter of such cities in counties graded A had ' +
      "more violent crime than the national median in the FBI's 2019 city figures. Grades rank the rate against " +
      'the people of every place with reliable reporting in the same year, using FBI NIBRS data compiled by ' +
      'the Urban Institute (2021–2023). Each grade says how it is known: reported, reported incompletely (a ' +
      'rate far below its own other years or its estimate, as in Florida after 2021), or estimated from ' +
      'Census figures. Reported grades count towards the rating, and so does an incomplete one, at the worse ' +
      'of its rate and its estimate (an undercount can only flatter a place); an estimated grade does not.',
  },
  {
    title: 'Rental calculator',
    body:
      'A month-by-month model of the whole deal: acquisition and closing costs, rent and other income less ' +
      'vacancy, management, landlord insurance priced from your state’s average premium and the county’s ' +
      'hurricane and wildfire losses, property taxes at what a buyer pays (the city’s own rates where we ' +
      'hold them, else the county’s rate under the state’s rules for a rental) and maintenance, a loan priced ' +
      'from the Freddie Mac weekly mortgage rate plus an investor premium, then net operating income and ' +
      'cash flow with and without the loan, and a sale at the county’s own long-run price growth. Every ' +
      `highlighted assumption can be edited and recalculated with ${UI_TEXT.updateMetrics}.`,
  },
  {
    title: 'Investment ratings',
    body:
      `An analyst rating out of ${RATING_MAX_POINTS} sums five scores: ${ratingWeightsText()}. The colour ` +
      `runs from ${ratingColoursText()}, with one sentence that says what the score means.`,
  },
];

const SOURCES: readonly { name: string; use: string }[] = [
  {
    name: 'U.S. Department of Housing and Urban Development: Fair Market Rents and Small Area FMRs',
    use: 'HUD rent, and the market rent estimate built on it',
  },
  {
    name: 'Zillow Observed Rent Index (typical asking rents by ZIP code) and Zillow listing rents by bedroom',
    use: 'how far an asking rent sits from HUD’s figure, and the bedroom ladder, fitted and checked state by state',
  },
  { name: 'HUD-USPS ZIP code to county crosswalk', use: 'which county a ZIP code belongs to' },
  {
    name: 'U.S. Census Bureau, American Community Survey 5-year estimates (2019–2023) and place populations',
    use: 'effective property tax rates by county, the figures behind estimated crime grades, and which city an address is in',
  },
  {
    name: 'Urban Institute, Mobility Metrics (reported-crime metric), from FBI NIBRS data as processed by Jacob Kaplan',
    use: 'violent and property crime grades by city and county',
  },
  {
    name: 'New York State Division of Criminal Justice Services, index crimes by county',
    use: 'the crime grades of New York City’s boroughs',
  },
  {
    name: 'Bankrate and NerdWallet 2025 state average homeowners premiums; FEMA National Risk Index',
    use: 'the insurance estimate and its range',
  },
  {
    name: 'Published city average homeowners premiums (Policygenius, MoneyGeek, MyBankTracker, Insurance.com)',
    use: 'how wide the insurance range must be to hold 8 cities’ premiums in 10',
  },
  {
    name: 'City and county assessors’ published tax rates and the states’ assessment rules',
    use: 'the property tax a buyer pays in the cities we hold, and how wide a county estimate’s range must be to hold 8 of their rates in 10',
  },
  {
    name: 'Federal Housing Finance Agency, county house price index (1976–2024)',
    use: 'the default yearly price appreciation and its range',
  },
  {
    name: 'Freddie Mac, Primary Mortgage Market Survey®',
    use: 'the starting interest rate for the loan, and how far it may move before it is locked',
  },
];

export function AboutUsPage() {
  useDocumentTitle('About Us');
  const { data: user } = useQuery(currentUserQuery());
  return (
    <article className="page content-page">
      <header className="content-hero">
        <h1>About SFR Analyst</h1>
        <p className="page-lead">
          Underwriting for single-family rentals, from one house to a four-family building, in the time it
          takes to type an address.
        </p>
      </header>

      <section aria-labelledby="about-what">
        <h2 id="about-what">What it does</h2>
        <p>
          Deciding whether a rental is worth its price usually means an afternoon with a spreadsheet: finding
          what the place would rent for, guessing taxes and insurance, pricing a loan and working out what the
          investment returns over the years you would own it. SFR Analyst does that first pass for you. Enter
          the street address, bedrooms, bathrooms, purchase price and house type; the analyzer gathers public
          market data for the ZIP code and county and builds the full underwriting.
        </p>
        <p>
          The results cover rent estimates, crime grades, acquisition cost, income, expenses and net operating
          income, the loan, monthly and yearly cash flows, returns with and without a loan (equity, equity
          multiple, profit and XIRR), a year-by-year table over your hold period and the analyst rating. Every
          number is computed by one documented model, and every assumption the model had to make is
          highlighted so you can replace it with what you know about the property.
        </p>
      </section>

      <section aria-labelledby="about-features">
        <h2 id="about-features">Features</h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card feature">
              <h3>{feature.title}</h3>
              <p>{feature.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-returns">
        <h2 id="about-returns">Returns you can compare</h2>
        <p>
          The model runs month by month over the hold period you choose (5 years unless you change it), with
          rents and costs growing once a year and the property sold at the end at your appreciation rate, less
          the cost to sell. XIRR is the annual rate that makes the monthly cash flows worth exactly what you
          put in, so a deal held three years and a deal held ten can be compared on the same footing. The hold
          period table breaks the same cash flows into years: revenue, expenses, mortgage, sale proceeds, loan
          payoff, equity accumulated and the return of each year.
        </p>
      </section>

      <section aria-labelledby="about-sources">
        <h2 id="about-sources">Where the numbers come from</h2>
        <ul className="source-list">
          {SOURCES.map((source) => (
            <li key={source.name}>
              <strong>{source.name}</strong>: {source.use}.
            </li>
          ))}
        </ul>
        <p className="field-hint">
          The market rent is fetched live from RentCast or Rentometer when they are connected, with the
          comparable rentals it rests on; otherwise it is an estimate of the asking rent: HUD’s figure for the
          ZIP code mapped to asking rents by a line fitted on Zillow’s typical rents in about 6,600 ZIP codes
          (scored on states left out of the fit, it lands within 15 % of the typical asking rent in 63 % of
          ZIP codes with a Small Area FMR), then the bedroom ladder seen in listings, shown with a range meant
          to hold 8 asking rents in 10. Insurance, tax, appreciation and the interest rate carry their ranges
          and sources the same way. Every figure on the results says where it comes from, how recent it is,
          and whether it was reported, estimated or fetched live. Published data lags the market, so treat
          every figure as a starting point, not an appraisal, and check rents, taxes and insurance quotes
          locally before you buy.
        </p>
      </section>

      <section className="card content-cta" aria-labelledby="about-start">
        <h2 id="about-start">Try it</h2>
        {user ? (
          <p>
            <Link to="/">Analyze a property</Link> or read <Link to="/howtouse">How to Use</Link> for a guided
            tour.
          </p>
        ) : (
          <>
            <p>
              A free account comes with {FREE_SEARCHES_AT_SIGNUP} property analyses. Monthly and yearly plans
              remove the limit.
            </p>
            <div className="form-actions">
              <Link to="/signup" className="button button-primary">
                {UI_TEXT.signUp}
              </Link>
              <Link to="/login" className="button button-outline">
                {UI_TEXT.login}
              </Link>
            </div>
          </>
        )}
      </section>
    </article>
  );
}
