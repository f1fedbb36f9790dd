import { useCart } from '@/features/cart/cart-provider';

export function LandingRoute() {
  // Composition point: the catalogue's plan cards get the cart's add/has from here (STYLE.md).
  const cart = useCart();
  void cart;
  return (
    <>
      {(['home', 'about', 'products', 'process', 'clients', 'contact'] as const).map((id) => (
        <section key={id} id={id} className="min-h-[60vh] px-4 py-16">
          <h2 className="text-2xl font-bold capitalize">{id}</h2>
        </section>
      ))}
    </>
  );
}
