func.func @view_rank(%q: !tile.view<f16, 5>)

