/**
 * The copy button of the simulated X's post page. Served as a file of its own because the CSP
 * allows no inline script; without it the button stays hidden and the link can be selected by hand.
 */
export const copyScript = `document.querySelectorAll('[data-copy-target]').forEach(function (button) {
  var input = document.getElementById(button.getAttribute('data-copy-target'));
  var status = document.querySelector('[data-copy-status]');
  if (!input) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    input.select();
    var done = function () { if (status) status.textContent = status.getAttribute('data-copied'); };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand('copy'); done(); });
    } else {
      document.execCommand('copy');
      done();
    }
  });
});
`;
