/**
 * The sandbox checkout page's script and style, served as files of their own: the server's CSP
 * is `script-src 'self'`, so nothing inline would run. The page talks only to the sandbox
 * provider's endpoints, then tells the embedding wallet modal what happened (same origin).
 */
export const CHECKOUT_JS = `(function () {
  'use strict';
  var root = document.getElementById('checkout');
  if (!root) return;
  var id = root.getAttribute('data-checkout');
  var reference = root.getAttribute('data-reference');
  var status = document.getElementById('status');
  var actions = document.getElementById('actions');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-action]'));

  // The decision is a cookie-authenticated change: echo the double-submit CSRF cookie like the app does.
  function csrfToken() {
    var m = document.cookie.match(/(?:^|; )csrf=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  }

  function tellParent(type) {
    if (window.parent && window.parent !== window) {
      window.parent.postMessage({ source: 'sandbox-pay', type: type, reference: reference }, window.location.origin);
    }
  }

  function finish(text, type) {
    status.textContent = text;
    if (actions) actions.hidden = true;
    if (type) tellParent(type);
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var action = button.getAttribute('data-action');
      buttons.forEach(function (b) { b.disabled = true; });
      status.textContent = action === 'pay' ? 'Processing payment...' : 'Cancelling...';
      fetch('/api/sandbox-pay/checkout/' + encodeURIComponent(id) + '/' + action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken() },
        body: '{}',
        credentials: 'same-origin'
      })
        .then(function (res) {
          return res.json().then(function (body) { return { ok: res.ok, body: body }; });
        })
        .then(function (r) {
          if (r.ok && r.body.status === 'paid') finish('Payment received. You can close this window.', 'checkout.paid');
          else if (r.ok && r.body.status === 'cancelled') finish('Payment cancelled. You can close this window.', 'checkout.cancelled');
          else finish((r.body && r.body.error && r.body.error.message) || 'Unable to process', null);
        })
        .catch(function () {
          status.textContent = 'Unable to process';
          buttons.forEach(function (b) { b.disabled = false; });
        });
    });
    // The page serves the buttons disabled: they work from now on.
    button.disabled = false;
  });
})();
`;

export const CHECKOUT_CSS = `*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%;background:#f4f6fb;color:#1b2440;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{display:flex;align-items:center;justify-content:center;padding:16px}
.card{width:100%;max-width:400px;max-height:448px;overflow:auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(27,36,64,.12);padding:24px;text-align:center}
.brand{margin:0 0 4px;font-weight:700;letter-spacing:.02em}
.badge{display:inline-block;margin-left:6px;padding:1px 6px;border-radius:4px;background:#ffe9a8;color:#6b4e00;font-size:11px;vertical-align:middle}
.merchant{margin:0;color:#5a6480}
.amount{margin:12px 0 4px;font-size:40px;font-weight:700}
.note{margin:0 0 20px;font-size:13px;color:#5a6480}
.actions{display:flex;gap:12px;justify-content:center}
.actions[hidden]{display:none}
button{min-width:120px;padding:12px 20px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
button:disabled{opacity:.6;cursor:default}
button:focus-visible{outline:3px solid #6aa0ff;outline-offset:2px}
.pay{background:#1f6feb;color:#fff}
.cancel{background:#e6e9f2;color:#1b2440}
.status{min-height:1.4em;margin:16px 0 0;font-weight:600}
`;
