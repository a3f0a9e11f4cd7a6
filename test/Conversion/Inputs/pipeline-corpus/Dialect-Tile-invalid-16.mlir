func.func @view_element(%q: !tile.view<i8, 2>)

