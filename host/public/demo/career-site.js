// The career site's own script: switching the language only sets the widget's attribute.
const select = document.getElementById('language');
const board = document.querySelector('rec-board');
select.addEventListener('change', () => {
  if (select.value) board.setAttribute('language', select.value);
  else board.removeAttribute('language');
});
