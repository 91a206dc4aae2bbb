/**
 * /howtouse (product spec §2): a written guide in six sections (getting started, input data,
 * property analysis, cash flow analysis, decisions and the strategies investors run) illustrated with screenshots of the real
 * screens (scripts/guide-screenshots.ts), and the hosted walkthrough video above it when the server
 * names one. Button and section names come from the messages module, so the guide names exactly
 * what the analyzer shows.
 */
import { FREE_SEARCHES_AT_SIGNUP, HOUSE_TYPES, holdPeriodTitle } from '@sfr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { POPUPS, UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { publicConfigQuery } from '../account/session';
import { GUIDE_IMAGES } from './guide-images.gen';
import '../../ui/page.css';
import './content-pages.css';

const SECTIONS = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'input-data', title: 'Input data' },
  { id: 'property-analysis', title: 'Property analysis' },
  { id: 'cash-flow-analysis', title: 'Cash flow analysis' },
  { id: 'decisions', title: 'Decisions' },
  { id: 'strategies', title: 'Strategies' },
] as const;

export function HowToUsePage() {
  useDocumentTitle('How to Use');
  const { data: config } = useQuery(publicConfigQuery());
  const videoUrl = config?.howToVideoUrl ?? null;
  return (
    <article className="page content-page">
      <header className="content-hero">
        <h1>How to Use SFR Analyst</h1>
        <p className="page-lead">
          {videoUrl
            ? 'A short walkthrough, then the same steps in writing'
            : 'Every step, with the screens you will see'}
          : from typing an address to deciding whether the deal works.
        </p>
      </header>

      {videoUrl ? (
        <section aria-labelledby="howto-video">
          <h2 id="howto-video" className="visually-hidden">
            Video walkthrough
          </h2>
          <div className="video-frame">
            <iframe
              src={videoUrl}
              title="How to use SFR Analyst (video walkthrough)"
              loading="lazy"
              allow="encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        </section>
      ) : null}

      <nav aria-label="Guide sections" className="card guide-contents">
        <h2 className="guide-contents-title">On this page</h2>
        <ol>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section id={SECTIONS[0].id} aria-labelledby={`${SECTIONS[0].id}-title`} className="guide-section">
        <h2 id={`${SECTIONS[0].id}-title`}>1. {SECTIONS[0].title}</h2>
        <p>
          The analyzer is the home page: <Link to="/">open it</Link> from the SFR Analyst link at the top
          left. Anyone can look at it, but running an analysis needs an account; a visitor who is not logged
          in sees the “{POPUPS.analyzerAccess.title}” window with {POPUPS.analyzerAccess.login} and{' '}
          {POPUPS.analyzerAccess.signUp} buttons instead.
        </p>
        <p>
          A new account has {FREE_SEARCHES_AT_SIGNUP} free searches; a search is used only when an analysis
          succeeds. Your <Link to="/profile">Profile</Link> shows how many are left and offers the monthly and
          yearly plans, which remove the limit. Verify your email with the link we send when you sign up. The
          Profile also signs you out on every device, and deletes your account with everything saved in it
          once you type your email and password (with Google, a sign-in in the last 10 minutes; cancel a
          subscription that still renews first).
        </p>
      </section>

      <section id={SECTIONS[1].id} aria-labelledby={`${SECTIONS[1].id}-title`} className="guide-section">
        <h2 id={`${SECTIONS[1].id}-title`}>2. {SECTIONS[1].title}</h2>
        <p>Fill in the property form. Every field is required except Square Feet and Year Built.</p>
        <ul>
          <li>
            <strong>Street</strong>: start typing and choose a suggestion; it fills in City, Zipcode, State
            Code and County for you. You can also type them yourself.
          </li>
          <li>
            <strong>Zipcode</strong> decides the rent and the market data, <strong>City</strong> the crime
            grades and, for the cities we hold rates for, the property tax rate, and <strong>County</strong>{' '}
            the rest, so check all three.
          </li>
          <li>
            <strong>Number of Bedrooms</strong> (at least 1) and <strong>Number of Bathrooms</strong> (at
            least 1, in halves) are per unit.
          </li>
          <li>
            <strong>Purchase Price</strong>: the price you expect to pay, at least $10,000.
          </li>
          <li>
            <strong>House type</strong>: {Object.values(HOUSE_TYPES).join(', ')}. The number of units
            multiplies the rent.
          </li>
          <li>
            <strong>Square Feet</strong> and <strong>Year Built</strong> are optional. Where the site is
            connected to RentCast, <strong>Fill from the property record</strong> fills the rooms, size and
            age from the county’s record of the address and tells you its latest tax bill.
          </li>
        </ul>
        <GuideFigure
          image={GUIDE_IMAGES.propertyForm}
          alt="The property form filled in for 1100 Congress Ave, Austin, TX 78701: Travis County, 3 bedrooms, 2 bathrooms, a purchase price of 450000, Single Family, above the Analyze Property button and the free searches left."
          caption="The property form, filled in for the example deal."
        />
        <p>
          Press <strong>{UI_TEXT.analyzeProperty}</strong>. If the ZIP code is not recognised you will be
          asked to check it; nothing is used up.
        </p>
      </section>

      <section id={SECTIONS[2].id} aria-labelledby={`${SECTIONS[2].id}-title`} className="guide-section">
        <h2 id={`${SECTIONS[2].id}-title`}>3. {SECTIONS[2].title}</h2>
        <p>
          <strong>{UI_TEXT.analyzerResults}</strong> opens with the verdict: the rating and the six figures
          most investors decide on, the monthly cash flow after the loan, cash-on-cash return, cap rate, debt
          service coverage (DSCR), levered XIRR and the cash needed to close.
        </p>
        <GuideFigure
          image={GUIDE_IMAGES.verdict}
          alt="The verdict band of the example deal: a red rating circle with its percentage and verdict, then the monthly cash flow, cash-on-cash, cap rate, DSCR, levered XIRR and cash to close."
          caption="The verdict comes first."
        />
        <p>
          No figure is certain: the rent, vacancy, repairs, rates and the price you sell at all move. Under
          each figure that depends on them is the range it is likely to land in: 8 in 10 of 10,000 simulated
          outcomes fall inside it, each default assumption varying within its own range (narrower for a
          published or live figure than for an estimate). Where more than 1 in 10 outcomes never get the cash
          back, the levered XIRR's range starts at <em>a total loss</em>, and an assumption that can cause one
          leads the list below. Below the verdict you see the chance that the first year loses money, and{' '}
          <strong>Check these first</strong>: the two or three assumptions that move the answer most, in turns
          what swings the levered XIRR and what swings the monthly cash flow. Click one to go to its field and
          replace it with a figure you can check, such as a quote or the listing’s tax bill. A value you type
          is taken as exact, so the range narrows (a rehab budget and after-repair value are the exception:
          estimates however they are typed, they vary by default); if you are not sure of it either, press{' '}
          <strong>± range</strong> under it and say how far it may be off (dollars or a percent for money,
          percentage points for a rate); {UI_TEXT.updateMetrics} or saving keeps your ranges with the deal, so
          the report and a shared link show them too. The chart <strong>Range of yearly cash flow</strong>{' '}
          shows the same range year by year.
        </p>
        <p>
          Below it are the {UI_TEXT.propertyInformation} and the {UI_TEXT.metrics}. Hover or focus any label
          for a one-sentence explanation.
        </p>
        <ul>
          <li>
            <strong>Rent</strong>: the HUD rent (HUD’s Fair Market Rent, about what a Section 8 voucher
            covers) and the market rent for the same bedrooms, with the range it is likely to fall in. When
            HUD’s rent less a typical utility allowance (what the Section 8 scenario starts from) is above the
            market rent, the results say so as a Section 8 opportunity. With a live provider, the comparable
            rentals behind its estimate are listed under Market Data Sources.
          </li>
          <li>
            <strong>Crime Metrics</strong>: the violent and property crime grades of the city you typed (or of
            the county outside its big cities where the city has no complete rate of its own, then no better
            than B+: a county’s low rate cannot vouch for a city in it), A+ (least crime) to F. Market Data
            Sources gives each grade’s range: a step either side for a reported grade (a year’s count moves
            about that much the next year), four for an estimate.
          </li>
          <li>
            <strong>Acquisition Cost</strong>, <strong>Income</strong>, <strong>Expenses</strong> and{' '}
            <strong>Net Operating Income</strong>: what the property costs to buy, earns and costs to run. Use{' '}
            {UI_TEXT.showAdditionalMetrics} and {UI_TEXT.showAdditionalExpenses} to see vacancy, growth rates
            and every expense line.
          </li>
        </ul>
        <p>
          Highlighted fields are assumptions the model had to make: closing costs, vacancy, insurance, taxes,
          maintenance, loan terms, appreciation and the hold period. Replace them with your own figures (a
          quote, the listing’s tax bill, your lender’s rate): every figure follows as you type. Press{' '}
          <strong>{UI_TEXT.updateMetrics}</strong> to record the new figures, and{' '}
          <strong>{UI_TEXT.saveProperty}</strong> to keep the analysis; it appears under{' '}
          <Link to="/savedproperties">Saved Properties</Link>, where one click reopens it. Leaving the page
          with figures typed but not yet recorded asks first.
        </p>
        <GuideFigure
          image={GUIDE_IMAGES.assumptions}
          alt="The top of the Metrics card: HUD and market rent, the crime grades, then the highlighted Purchase Price, Closing Cost and Monthly Rent inputs, each with how its value was derived."
          caption="Highlighted inputs are assumptions: replace them with figures you can check."
        />
      </section>

      <section id={SECTIONS[3].id} aria-labelledby={`${SECTIONS[3].id}-title`} className="guide-section">
        <h2 id={`${SECTIONS[3].id}-title`}>4. {SECTIONS[3].title}</h2>
        <p>
          Cash flow is shown twice. <strong>Unlevered</strong> means bought with cash: net operating income
          alone. <strong>Levered</strong> means bought with the loan in Loan Assumptions: net operating income
          minus the monthly loan payment. Monthly and yearly figures are for year 1.
        </p>
        <p>
          The <strong>{UI_TEXT.saleAssumptions}</strong> say when and at what price the property is sold, and{' '}
          <strong>{UI_TEXT.overallReturns}</strong> sums up the whole hold: the equity you put in, the equity
          multiple (cash back per dollar in), the profit and the XIRR, the annual return that accounts for
          when each dollar arrives. N/A means the figure does not exist for these cash flows, for example an
          XIRR when the money never comes back. When the cash flows turn negative again after paying back (a
          cash-out refinance, a balloon, a loss at the sale) more than one rate can solve them; the page says
          so, and the <strong>Modified IRR</strong> under the returns gives one rate whatever the signs do:
          money the deal needs later is set aside at the finance rate, and cash it returns earns the
          reinvestment rate until the sale. Both start at the loan's interest rate; type your own.
        </p>
        <p>
          The hold-period table under the results (titled <strong>{holdPeriodTitle(5)}</strong> for a 5-year
          hold) lays the hold out year by year: revenue, expenses, mortgage, the sale and loan payoff in the
          final year, equity accumulated and each year’s return. Change the hold period to see a different
          horizon.
        </p>
        <GuideFigure
          image={GUIDE_IMAGES.holdPeriod}
          alt="The top of the 5 Year Returns Summary table of the example deal, years 1 to 5 in columns: the unlevered revenue, expense, net operating income, proceeds from sale, cash flow and annual return, then the first levered rows down to the rental cash flow after the mortgage."
          caption="The hold, year by year."
        />
      </section>

      <section id={SECTIONS[4].id} aria-labelledby={`${SECTIONS[4].id}-title`} className="guide-section">
        <h2 id={`${SECTIONS[4].id}-title`}>5. {SECTIONS[4].title}</h2>
        <p>
          The <strong>{UI_TEXT.sfrAnalystRatings}</strong> circle scores the deal out of 100: cash-on-cash
          return, levered XIRR, debt service coverage, cap rate and the neighbourhood’s crime grades. Green
          and Light-Green deals clear most thresholds; Yellow is workable but worth a closer look at the weak
          scores; Red Orange and Red do not pay for their risk at this price. The card shows how each of the
          five scores was earned.
        </p>
        <GuideFigure
          image={GUIDE_IMAGES.rating}
          alt="The SFR Analyst Ratings card of the example deal: the rating circle, then each score with its measure, its scale and the points it earned."
          caption="Why the deal got its rating."
        />
        <p>Before you make an offer:</p>
        <ul>
          <li>Replace every highlighted assumption you can verify.</li>
          <li>
            Try a lower offer: Purchase Price is editable in the results too. Closing cost, taxes, insurance
            and the loan follow the price unless you set them yourself, so you can find the price at which the
            rating turns the colour you need. Or let "What can I offer?" find it: under Your targets, set the
            cash-on-cash, DSCR, XIRR, cash flow or rating you need. This browser keeps your targets for your
            next deals. On a rehab with an after-repair value it also gives the 70 % rule (70 % of that value
            less the rehab), the screen rehab investors and their lenders use, beside your targets’ offer.
          </li>
          <li>
            Check that the levered cash flow stays positive with a higher vacancy rate or interest rate; a
            deal that only works on the best case is fragile.
          </li>
          <li>
            Save the candidates: Saved Properties lists each one with its rating, monthly cash flow, price and
            rooms, and reopens it with one click. The numbers are estimates from public data: confirm rents,
            taxes and insurance locally before you buy.
          </li>
        </ul>
        <GuideFigure
          image={GUIDE_IMAGES.saved}
          alt="A saved property card for 1100 Congress Ave, Austin, TX 78701 with its house type, rooms, county, purchase price and date saved, and a Delete button."
          caption="A saved analysis, one click from reopening."
        />
      </section>

      <section id={SECTIONS[5].id} aria-labelledby={`${SECTIONS[5].id}-title`} className="guide-section">
        <h2 id={`${SECTIONS[5].id}-title`}>6. {SECTIONS[5].title}</h2>
        <p>
          <strong>Reserves and the costs a spreadsheet has.</strong> Under {UI_TEXT.showAdditionalExpenses}{' '}
          every new analysis sets aside a <strong>CapEx reserve</strong> of 5% of a year’s rent for the big
          replacements (a roof, a furnace, a water heater) on top of maintenance for repairs, and a{' '}
          <strong>leasing fee</strong> of half a month’s rent each time a new tenant signs, about every 24
          months. Enter <strong>HOA dues</strong> and any <strong>utilities you pay</strong> as the owner
          (water and trash on a duplex, say); leave a line empty if the deal has none. Each line shows its
          yearly dollars and counts in the expenses, the cash flow and the rating.
        </p>
        <p>
          <strong>Scenarios.</strong> One property can be run several ways: at the asking price and at your
          offer, rented on the open market or to a voucher holder. Type the figures for the other way, give it
          a name and press <strong>Save as scenario</strong>. The <strong>Scenarios</strong> card lines every
          scenario up beside the base case with the best of each figure in bold, and says which one wins and
          by how much. <strong>Show</strong> puts a scenario on screen to edit; {UI_TEXT.updateMetrics} then
          saves that scenario. Scenarios are kept with the analysis: saved, shared, in the report, and on{' '}
          <Link to="/compare">Compare</Link>, where each property’s column can show any of its scenarios.
          Download PDF and Download CSV give the figures of the scenario shown, with every scenario beside the
          base case.
        </p>
        <p>
          <strong>Section 8.</strong> With a Housing Choice Voucher the housing authority pays most of the
          rent, up to its payment standard: between 90% and 110% of HUD’s rent for the bedrooms, less a
          utility allowance when the tenant pays the utilities. Open{' '}
          <strong>Section 8 scenario: the rent a housing voucher pays</strong> in the Scenarios card: it
          starts from 100% and a typical allowance for the bedroom count, shows the rent, vacancy and tenancy
          that follow and how each was reached, and lists what to confirm with the local housing authority
          (its own payment standard and allowance, rent reasonableness, the inspection). Keep it, and the card
          tells you whether the voucher or the open market pays better here. Until the housing authority
          confirms them, the scenario’s rent keeps a <strong>± range</strong> of its own: ±10% of HUD’s rent
          for the payment standard, plus half the spread of published allowances. Each scenario keeps its own
          ranges, and the base case its own.
        </p>
        <p>
          <strong>Buy, rehab, rent, refinance (BRRRR).</strong> Enter the <strong>Rehab Budget</strong>, the{' '}
          <strong>Rehab Months</strong> the work takes (no rent comes in, while taxes, insurance and the loan
          are still paid) and the <strong>After-Repair Value</strong> under Rehab and Refinance. Then, in{' '}
          <strong>Refinance, seller financing and taxes</strong>, turn on <strong>Cash-out refinance</strong>:
          in the month you choose, a new loan at a share of the value then pays off the first loan and its
          costs, and the rest comes back to you. The results say the cash you invested, the cash returned at
          the refinance, the <strong>Cash Left in the Deal</strong> and the cash-on-cash return on it; when
          the refinance returns all of your cash, there is no cash-on-cash to speak of, and the XIRR of the
          actual cash flows tells the story. A refinance before the rehab ends is a share of the purchase
          price, not of the after-repair value, and the page says so. The ranges vary the budget (rehabs run
          over more often than under) and the after-repair value (a value of a house not yet finished), so a
          rehab deal's range is as wide as its real risk; give either a <strong>± range</strong> of your own
          if you know better.
        </p>
        <p>
          <strong>Other loan shapes.</strong> Add <strong>Points</strong> bought at closing or a number of{' '}
          <strong>Interest-Only Months</strong> under Loan Assumptions. For seller financing, turn on{' '}
          <strong>Second loan</strong>: its amount lowers the cash you bring, it has its own rate, term and
          payment, and a balloon month if the seller wants the balance back early.
        </p>
        <p>
          <strong>After tax.</strong> Turn on <strong>After-tax returns</strong> and give your income tax
          rate, the rates at sale and the land’s share of the price. The building is depreciated over 27.5
          years, interest and loan costs are deducted, a year’s loss is carried forward (or offsets your other
          income, if you choose so), and at the sale the depreciation taken is recaptured and the rest of the
          gain taxed as a capital gain. Overall Returns then adds the after-tax XIRR, equity multiple and
          profit. It is a simplified return: check it with your tax adviser.
        </p>
        <p>
          <strong>Month by month.</strong> Open <strong>Month-by-month schedule</strong> under the hold-period
          table to see every month of the hold (rent, each expense, each loan’s payment and balance, the
          refinance, the sale and the cash flows) and download it as CSV for a spreadsheet, for the base case
          or the scenario on screen.
        </p>
        <p>
          Questions or ideas? <Link to="/feedback">Send us feedback</Link>.
        </p>
      </section>
    </article>
  );
}

type GuideImage = (typeof GUIDE_IMAGES)[keyof typeof GUIDE_IMAGES];

/** A screenshot of the real screen the text describes, at most its own size, never wider than the page. */
function GuideFigure({ image, alt, caption }: { image: GuideImage; alt: string; caption: string }) {
  return (
    <figure className="guide-figure">
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
