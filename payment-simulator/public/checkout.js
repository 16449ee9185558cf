/*
 * Digitic payment simulator: a stand-in for Razorpay's checkout.js that runs offline.
 * It defines window.Razorpay with the official widget's options (key, amount, currency,
 * order_id, name, description, prefill, theme, handler, modal.ondismiss) and shows a dialog
 * where the shopper pays or declines. Paying returns razorpay_payment_id, razorpay_order_id
 * and razorpay_signature exactly as Razorpay does.
 */
(() => {
  var script = document.currentScript;
  var base = script?.src ? new URL('.', script.src).href : `${window.location.origin}/`;

  function rupees(paise) {
    return `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach((k) => {
      if (k === 'style') node.style.cssText = attrs[k];
      else if (k === 'text') node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach((c) => {
      node.appendChild(c);
    });
    return node;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options?.key) throw new Error('Razorpay: the option "key" is required');
    if (!options.order_id) throw new Error('Razorpay: the option "order_id" is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    if (!this.listeners[event]) this.listeners[event] = [];
    this.listeners[event].push(callback);
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach((cb) => {
      cb(payload);
    });
  };

  Razorpay.prototype.close = function () {
    if (this.root?.parentNode) this.root.parentNode.removeChild(this.root);
    this.root = null;
  };

  Razorpay.prototype.send = function (outcome) {
    var o = this.options;
    var prefill = o.prefill || {};
    return fetch(`${base}sim/orders/${encodeURIComponent(o.order_id)}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_id: o.key, outcome: outcome, email: prefill.email, contact: prefill.contact }),
    }).then((res) => res.json().then((body) => ({ ok: res.ok, body: body })));
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = this.options;
    var color = o.theme?.color || '#3399cc';
    var status = el('p', { role: 'status', 'aria-live': 'polite', style: 'min-height:1.4em;margin:12px 0 0;color:#b42318' });
    var pay = el('button', {
      type: 'button',
      text: `Pay ${rupees(o.amount)}`,
      style: `flex:1;padding:12px;border:0;border-radius:6px;color:#fff;font-weight:600;cursor:pointer;background:${color}`,
    });
    var decline = el('button', {
      type: 'button',
      text: 'Decline payment',
      style: 'flex:1;padding:12px;border:1px solid #c8ccd4;border-radius:6px;background:#fff;cursor:pointer',
    });
    var closeBtn = el('button', {
      type: 'button',
      'aria-label': 'Close payment dialog',
      text: '\u00d7',
      style: 'position:absolute;top:8px;right:12px;border:0;background:none;color:#fff;font-size:24px;cursor:pointer',
    });
    var dialog = el(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'rzp-sim-title',
        style:
          'position:relative;width:min(380px,92vw);background:#fff;border-radius:10px;overflow:hidden;font:15px/1.4 system-ui,sans-serif;color:#1d2433;box-shadow:0 20px 60px rgba(0,0,0,.35)',
      },
      [
        el('div', { style: `padding:20px 24px;color:#fff;background:${color}` }, [
          el('h2', { id: 'rzp-sim-title', text: o.name || 'Checkout', style: 'margin:0;font-size:20px' }),
          el('p', { text: o.description || '', style: 'margin:4px 0 0;opacity:.9' }),
          closeBtn,
        ]),
        el('div', { style: 'padding:20px 24px' }, [
          el('p', { text: 'Payment simulator: no real money moves.', style: 'margin:0 0 8px;color:#5b6472;font-size:13px' }),
          el('p', { text: `Amount: ${rupees(o.amount)}`, style: 'margin:0;font-size:18px;font-weight:600' }),
          el('p', { text: `Order ${o.order_id}`, style: 'margin:4px 0 0;color:#5b6472;font-size:13px' }),
          o.prefill && (o.prefill.email || o.prefill.contact)
            ? el('p', {
                text: [o.prefill.name, o.prefill.email, o.prefill.contact].filter(Boolean).join(' \u00b7 '),
                style: 'margin:4px 0 0;color:#5b6472;font-size:13px',
              })
            : el('span'),
          el('div', { style: 'display:flex;gap:12px;margin-top:20px' }, [decline, pay]),
          status,
        ]),
      ],
    );
    this.root = el(
      'div',
      {
        'data-razorpay-simulator': '',
        style:
          'position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55)',
      },
      [dialog],
    );
    document.body.appendChild(this.root);
    pay.focus();

    function busy(on) {
      pay.disabled = on;
      decline.disabled = on;
    }
    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    closeBtn.addEventListener('click', dismiss);
    this.root.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') dismiss();
    });
    pay.addEventListener('click', () => {
      busy(true);
      status.textContent = 'Processing payment\u2026';
      self.send('success').then(
        (r) => {
          if (!r.ok) {
            busy(false);
            status.textContent = r.body.error?.description || 'Payment failed';
            return;
          }
          self.close();
          if (typeof o.handler === 'function') o.handler(r.body);
        },
        () => {
          busy(false);
          status.textContent = 'The payment service could not be reached. Please try again.';
        },
      );
    });
    decline.addEventListener('click', () => {
      busy(true);
      self.send('failure').then(
        (r) => {
          busy(false);
          status.textContent = r.body.error?.description || 'Payment failed';
          self.emit('payment.failed', r.body);
        },
        () => {
          busy(false);
          status.textContent = 'The payment service could not be reached. Please try again.';
        },
      );
    });
  };

  window.Razorpay = Razorpay;
})();
