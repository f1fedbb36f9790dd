export function PrivacyRoute() {
  return <h1>Privacy Policy</h1>;
}
export function TermsRoute() {
  return <h1>Terms &amp; Conditions</h1>;
}
export function RefundRoute() {
  return <h1>Refund Policy</h1>;
}
export function CancellationRoute() {
  return <h1>Cancellation &amp; Shipping Policy</h1>;
}
