export function CartRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your Shopping Cart</h1>
    </section>
  );
}
