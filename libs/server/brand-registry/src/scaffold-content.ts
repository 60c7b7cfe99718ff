/**
 * The information pages a new brand starts with (`content/en/<page>.md`), in English: true of every brand the
 * platform runs (what the platform does with money, cookies, limits and locks), so a brand is complete the moment it is
 * made, and the operator rewrites them with the brand's own facts (support addresses, licence, countries). The
 * responsible-gaming page lists what the brand's configuration really offers below this text.
 */
export function scaffoldContent(name: string): Record<string, string> {
  const pages: Record<string, string> = {
    about: `# About ${name}

${name} is an online sportsbook and casino for adults. We offer pre-match and live betting and a casino.

## What we stand for

- **Fair prices.** A bet is settled at the odds you accepted.
- **Your money is yours.** Every deposit, stake, winning and withdrawal is recorded in a balanced ledger.
- **Play under control.** Time-outs and self-exclusion are in your account from the first day.

See [Contacts](/information/contacts) to reach our support team.
`,
    contacts: `# Contacts

Our support team answers in the live chat on every page of the site, signed in or not, and helps with your account,
your bets, deposits and withdrawals, and with the tools that keep your play under control.

## Before you write

Tell us your account number (in My account). Never send us your password or full card number: we never ask for them.

## If gambling stops being fun

In My account → Responsible gaming you can take a break or exclude yourself at once.
`,
    rules: `# Betting rules

These rules apply to every bet placed with ${name}. By placing a bet you accept them.

## Who may bet

- You must be an adult and live in a country we serve.
- One account per person.

## Placing a bet

1. A bet is accepted only when the site confirms it and it appears in My bets with its number.
2. The odds of an accepted bet are those at the moment of acceptance. If a price changes while your slip is open, the slip shows the new price and asks you to accept it.
3. A bet may be refused when a market is suspended or the stake is above the market's limit.

## Settlement

- Bets are settled on the official result at the end of normal time unless the market says otherwise.
- If an event is cancelled, its selections are settled at odds of 1.00; the rest of an accumulator stands.
`,
    howbet: `# How to bet

## 1. Register

Press **Register**, enter your details and confirm them with the code we send.

## 2. Deposit

Open **Deposit**, choose an amount and pay by card.

## 3. Choose and place

Press a price in **Sports** (matches before they start) or **Live** (matches in play) to add it to your bet slip; press it again to remove it.

- With one selection the slip places a **single**; with two or more you can choose an **accumulator** or a **system** bet.
- Enter your stake: the slip shows the potential return before you confirm.
- Press **Place bet**. The receipt shows your selections, the odds taken and the bet number.

## 4. Follow the result

Open and settled bets are in **My bets**. Winnings are added to your balance as soon as the result is confirmed.
`,
    payment: `# Payments

## Deposits

Deposit by card in the cashier; payments are protected by 3-D Secure and credited as soon as the bank confirms them.

## Withdrawals

- You can withdraw to a card you have deposited with.
- Small withdrawals are approved at once; larger ones are reviewed by our payments team.
- Where the law requires it, your identity must be verified before your first withdrawal (My account → Verification).
`,
    cookies: `# Cookies

${name} uses only the cookies the site needs to work and to keep your account safe. We do not use advertising cookies.

## Cookies we set

- **tessera_session** keeps you signed in, until you sign out or the session expires.
- **tessera_device** recognises a browser you have signed in from before, so that failed sign-in attempts by others never lock you out; up to a year.
- **tessera_country** remembers the country you chose; up to a year.
- **tessera_oauth_state** protects a sign-in through another provider, where the site offers one; a few minutes.

The site also keeps your odds format, bet slip and favourites in your browser's storage. They never leave your device.
`,
    privacyPolicy: `# Privacy policy

## What we collect

Your account details (name, date of birth, e-mail, phone, country), identity documents where verification is required (stored encrypted, never public), your bets and payments, and the address you connect from.

## Why

To run your account and pay your winnings, to meet legal duties (age and identity checks, anti-money laundering, self-exclusion registers where the law requires them) and to protect you from harmful gambling. We do not sell your data.

## Your rights

You can ask our support team for a copy of your data, its correction or deletion.
`,
    responsiblegaming: `# Responsible gaming

Betting should stay entertainment. Decide in advance how much you are ready to spend, never chase losses, and take breaks. The tools in **My account → Responsible gaming** take effect at once.

## Breaks

- **Time-out:** from 24 hours to 6 weeks.
- **Self-exclusion:** from 6 months to 5 years, or permanently.
- Neither can be ended early. During a break you can sign in, see your history and withdraw your money, but you cannot deposit or bet.

## Limits

Where the site offers them, a new or lower limit applies at once; raising or removing one waits the cooling-off period shown below.

What the site offers in your country right now:
`,
  };
  return Object.fromEntries(Object.entries(pages).map(([page, text]) => [`content/en/${page}.md`, text]));
}
