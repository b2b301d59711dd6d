package httpadapter

import "testing"

// TestTheRouteTableHoldsEveryAPIView: Adapter.routes is sized by
// numAPIViews, which must be the endpoint table's count of API views.
func TestTheRouteTableHoldsEveryAPIView(t *testing.T) {
	n := 0
	for _, e := range endpoints {
		if e.kind == apiView {
			n++
		}
	}
	if n != numAPIViews {
		t.Fatalf("the endpoint table has %d API views, numAPIViews is %d", n, numAPIViews)
	}
}
