// The career site's own script: switching the language only sets the widget's attribute.
const select = document.getElementById('language');
const board = document.querySelector('rec-board');
select.addEventListener('change', () => {
  if (select.value) board.setAttribute('language', select.value);
  else board.removeAttribute('language');
});

// A job page of the career site itself: `career-site.html?offer=<channel id>` shows that offer
// with its apply form in place (<rec-offer>); after applying, the candidate continues the steps
// right here (<rec-applicant-steps>, inside the offer). Without the parameter the page is unchanged.
const offerChannel = new URLSearchParams(location.search).get('offer');
if (offerChannel && /^[0-9a-f]{24}$/.test(offerChannel)) {
  const section = document.createElement('section');
  section.id = 'offer';
  section.className = 'jobs';
  const offer = document.createElement('rec-offer');
  offer.setAttribute('channel-id', offerChannel);
  offer.setAttribute('embedded', 'applyWithOptions');
  offer.setAttribute('language', new URLSearchParams(location.search).get('language') || document.documentElement.lang);
  section.append(offer);
  document.querySelector('.hero').after(section);
}

// Another company's board on the same page: `career-site.html?board=<board id>` (the end-to-end
// tests show a company of their own this way). Without the parameter the page is unchanged.
const boardParameter = new URLSearchParams(location.search).get('board');
if (boardParameter && /^[0-9a-f]{24}$/.test(boardParameter)) {
  for (const element of document.querySelectorAll('rec-board, rec-jobs-count')) element.setAttribute('board-id', boardParameter);
}
